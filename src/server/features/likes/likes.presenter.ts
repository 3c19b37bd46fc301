import type { LikesListResponse, LikesResponse } from '../../../shared/contracts/likes.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import { presentMemberCard } from '../members/members.presenter.ts';
import type { LikeCardRow, LikesPage, LikesResult } from './likes.service.ts';

type Visibility = { visibleFields: readonly ProfileField[] };

/** A like's member as a card (never what a search card would not show), with its new flag when received. */
function presentLikeCard(row: LikeCardRow, now: Date, visibility: Visibility) {
  const card = presentMemberCard(row, now, visibility);
  return row.isNew === undefined ? card : { ...card, like_new: row.isNew };
}

export function presentLikes(
  result: LikesResult,
  now: Date,
  visibleFields: readonly ProfileField[],
): LikesResponse {
  const visibility = { visibleFields };
  return {
    profiles: result.given.rows.map((row) => presentMemberCard(row, now, visibility)),
    liked_by: result.received.rows.map((row) => ({
      ...presentMemberCard(row, now, visibility),
      like_new: row.isNew === true,
    })),
    matches: result.matches.rows.map((row) => presentMemberCard(row, now, visibility)),
    next: {
      profiles: result.given.nextCursor,
      liked_by: result.received.nextCursor,
      matches: result.matches.nextCursor,
    },
  };
}

export function presentLikesPage(
  page: LikesPage,
  now: Date,
  visibleFields: readonly ProfileField[],
): LikesListResponse {
  const visibility = { visibleFields };
  return {
    members: page.rows.map((row) => presentLikeCard(row, now, visibility)),
    next_cursor: page.nextCursor,
  };
}
