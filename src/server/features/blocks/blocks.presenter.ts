import type { BlockedMembersResponse } from '../../../shared/contracts/members.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import { presentMemberCard } from '../members/members.presenter.ts';
import type { BlockedMembersPage } from './blocked-members.service.ts';

/** The members' cards, so the list of blocks never sends what a search card would not show. */
export function presentBlockedMembers(
  page: BlockedMembersPage,
  now: Date,
  visibleFields: readonly ProfileField[],
): BlockedMembersResponse {
  const visibility = { visibleFields };
  return {
    members: page.members.map((row) => ({
      ...presentMemberCard(row, now, visibility),
      blocked_at: row.blockedAt.toISOString(),
    })),
    next_cursor: page.nextCursor,
  };
}
