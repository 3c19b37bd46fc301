import { type Decision, forAnyone, forMembers } from '../rule.ts';
import { isMember, isMemberSelf, type MemberViewer, type Viewer } from '../viewer.ts';

/** Who blocked whom between the viewer and a member; both false for a visitor and for oneself. */
export type BlockRelation = { viewerBlocked: boolean; blockedViewer: boolean };

export const NO_BLOCKS: BlockRelation = { viewerBlocked: false, blockedViewer: false };

/**
 * Another member as a rule needs them, read in one query by the service that asks. A hidden member
 * is refused with member_not_found, the very answer services give for an id nobody has
 * (refusals.ts memberNotFound), so the two cannot be told apart (docs/decisions/0014).
 */
export type MemberFacts = {
  id: number;
  /** Inside visibleMemberCondition: active, not invisible, not being deleted. */
  visible: boolean;
  relation: BlockRelation;
};

/**
 * The profile view also names the member in its refusal ("You're blocked by Anna"). Where the
 * viewer's conversations are known (the chat, the profile), the invisible-mode exception's two
 * facts (LikeTargetFacts); absent, the member is seen only while visible.
 */
type ViewedMemberFacts = MemberFacts & {
  name: string;
  invisibleOnly?: boolean;
  conversation?: boolean;
  /**
   * Hidden by the back office (a report's outcome, a fictional profile hidden): nobody else sees the
   * profile, a conversation neither (it carries on, the profile does not).
   */
  hidden?: boolean;
};

/** The domain's settings.logged_out_search (with a traffic source) as resolved for this request. */
type SearchFacts = { visitorSearchAllowed: boolean };

const blockedEitherWay = (relation: BlockRelation) => relation.viewerBlocked || relation.blockedViewer;

/**
 * GET /api/member.php. Members see themselves also while hidden, and an invisible member (hidden
 * by the switch alone) is seen by those they have a conversation with: the conversation carries on,
 * as the settings promise (docs/decisions/0024). A member who blocked the viewer refuses them by
 * name; one the viewer blocked stays viewable, so the block can be lifted there.
 */
const viewMember = forAnyone((viewer: Viewer, member: ViewedMemberFacts): Decision => {
  const carriesOn =
    isMember(viewer) &&
    member.invisibleOnly === true &&
    member.conversation === true &&
    member.hidden !== true;
  if (!member.visible && !isMemberSelf(viewer, member.id) && !carriesOn) return 'member_not_found';
  if (member.relation.blockedViewer) return 'blocked_by_member';
  return null;
});

/**
 * A member on a list: search results, similar and related members. Search runs this rule as SQL
 * (search.service.ts matchConditions) so a keyset page stays one index walk;
 * members.list-policy.test.ts holds the two to the same answers.
 */
const listMember = forAnyone((viewer: Viewer, member: MemberFacts): Decision => {
  if (!member.visible || isMemberSelf(viewer, member.id) || blockedEitherWay(member.relation))
    return 'member_not_found';
  return null;
});

/** Searching at all: members always, visitors where the domain lets them (logged_out_search). */
const searchMembers = forAnyone(
  (viewer: Viewer, search: SearchFacts): Decision =>
    isMember(viewer) || search.visitorSearchAllowed ? null : 'search_login_required',
);

/**
 * Who may block whom: a member the blocker may see, or one they already blocked, so blocking again
 * stays idempotent after the member went hidden. Being blocked by them does not stop it.
 * The chat issue adds: a chat partner stays blockable (a `conversation` fact).
 */
const blockMember = forMembers((member, target: MemberFacts): Decision => {
  if (target.id === member.id) return 'cannot_block_self';
  if (!target.visible && !target.relation.viewerBlocked) return 'member_not_found';
  return null;
});

/** Lifting one's own block needs no facts: it is idempotent for any id, hidden or unknown. */
const unblockMember = forMembers((_member, _none: undefined): Decision => null);

/**
 * A member to like, with what invisible mode needs (docs/decisions/0024): `invisibleOnly`, hidden
 * by the switch alone (active, not leaving), and `conversation`, the two have one.
 */
export type LikeTargetFacts = MemberFacts & { invisibleOnly: boolean; conversation: boolean };

/**
 * Who may like whom: a member the liker may see on a list (visible, no block either way), never
 * themself. A hidden or blocked member answers like an unknown id, so a like cannot probe who is
 * hidden or who blocked the liker (docs/decisions/0020). The one exception is the spec's: an
 * invisible member can still be liked by the members they have a conversation with.
 */
const likeMember = forMembers((member, target: LikeTargetFacts): Decision => {
  if (target.id === member.id) return 'cannot_like_self';
  if (blockedEitherWay(target.relation)) return 'member_not_found';
  if (!target.visible && !(target.invisibleOnly && target.conversation)) return 'member_not_found';
  return null;
});

/** Taking back one's own like needs no facts: it is idempotent for any id, hidden or unknown. */
const unlikeMember = forMembers((_member, _none: undefined): Decision => null);

/**
 * The match finder: members only. Who appears in its results is member.list, run as SQL like
 * search's (match-finder.service.ts applies search's matchConditions).
 */
const findMatches = forMembers((_member, _none: undefined): Decision => null);

/**
 * Whether the viewer may learn that a member is online now (the chat's list and header, the
 * partners told live): only of a member they could find on a list. Not of an invisible member (the
 * switch promises nobody sees them about), nor one not confirmed or leaving, nor across a block.
 * chat.service.ts announcePresence asks the same as SQL when it picks whom to tell.
 */
const seeOnline = forMembers(
  (viewer: MemberViewer, member: MemberFacts): Decision =>
    member.visible && !isMemberSelf(viewer, member.id) && !blockedEitherWay(member.relation)
      ? null
      : 'member_not_found',
);

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const memberActions = {
  'member.view': viewMember,
  'member.list': listMember,
  'member.search': searchMembers,
  'member.block': blockMember,
  'member.unblock': unblockMember,
  'member.like': likeMember,
  'member.unlike': unlikeMember,
  'member.find': findMatches,
  'member.see_online': seeOnline,
};
