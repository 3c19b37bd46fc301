import type { LikesResponse } from '../../../shared/contracts/likes.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import { presentMemberCard } from '../members/members.presenter.ts';
import type { LikesResult } from './likes.service.ts';

/** The members' cards, so a like list never sends what a search card would not show. */
export function presentLikes(
  result: LikesResult,
  now: Date,
  visibleFields: readonly ProfileField[],
): LikesResponse {
  const visibility = { visibleFields };
  return {
    profiles: result.given.map((row) => presentMemberCard(row, now, visibility)),
    liked_by: result.received.map((row) => ({
      ...presentMemberCard(row, now, visibility),
      like_new: row.isNew,
    })),
    matches: result.given.filter((row) => row.match).map((row) => presentMemberCard(row, now, visibility)),
  };
}
