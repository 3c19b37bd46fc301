import { type Decision, forMembers } from '../rule.ts';
import type { MemberFacts } from './members.rules.ts';

/**
 * Passing a member in the swipe game (docs/decisions/0022): the member.like rule's facts and
 * answers, so a pass cannot probe who is hidden or who blocked the caller either.
 */
const passMember = forMembers((member, target: MemberFacts): Decision => {
  if (target.id === member.id) return 'cannot_pass_self';
  if (!target.visible || target.relation.viewerBlocked || target.relation.blockedViewer)
    return 'member_not_found';
  return null;
});

/** Taking back one's own last pass: the service finds it in the caller's own state, or answers that there is none. */
const undoPass = forMembers((_member, _none: undefined): Decision => null);

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const swipeActions = {
  'member.pass': passMember,
  'member.unpass': undoPass,
};
