import { forMembers } from '../rule.ts';

/**
 * A member reports a profile or a message of another member. Blocked or hidden members can be
 * reported too (a block is often what comes right before a report); the service answers an unknown
 * id like a missing member before asking.
 */
const reportMember = forMembers<{ reportedId: number }>((member, { reportedId }) =>
  member.id === reportedId ? 'cannot_report_self' : null,
);

/** This area's actions and their rules: the policy's table is the areas' tables together (policy.ts). */
export const reportActions = {
  'member.report': reportMember,
};
