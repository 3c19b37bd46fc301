import type {
  FictionalProfileDetail,
  FictionalProfileList,
  FictionalProfileSummary,
} from '../../../shared/contracts/fictional-profiles.ts';
import { presentMemberBasics } from '../members/members.presenter.ts';
import type { FictionalProfileRow, FictionalSummaryRow } from './fictional-profiles.service.ts';

type Option<T extends string> = T | null;
const option = <T extends string>(value: string | null) => value as Option<T>;

/** The staff's view of a fictional profile: no e-mail address (there is none a person reads), no coordinates. */
function presentSummary(row: FictionalSummaryRow, now: Date): FictionalProfileSummary {
  return {
    ...presentMemberBasics(row, now),
    language: row.language,
    photo_count: row.photoCount,
    hidden: row.hidden,
    waiting: row.waiting,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentFictionalList(
  page: { rows: FictionalSummaryRow[]; page: number; hasMore: boolean },
  now: Date,
): FictionalProfileList {
  return {
    items: page.rows.map((row) => presentSummary(row, now)),
    page: page.page,
    has_more: page.hasMore,
  };
}

export function presentFictionalProfile(row: FictionalProfileRow, now: Date): FictionalProfileDetail {
  const { profile } = row;
  return {
    ...presentSummary(row, now),
    date_of_birth: profile.birthDate,
    sexuality: profile.sexuality,
    hair_color: option<NonNullable<FictionalProfileDetail['hair_color']>>(profile.hairColor),
    eye_color: option<NonNullable<FictionalProfileDetail['eye_color']>>(profile.eyeColor),
    body_type: option<NonNullable<FictionalProfileDetail['body_type']>>(profile.bodyType),
    relationship_status: option<NonNullable<FictionalProfileDetail['relationship_status']>>(
      profile.relationshipStatus,
    ),
    tattoos: option<NonNullable<FictionalProfileDetail['tattoos']>>(profile.tattoos),
    signup_reason: option<NonNullable<FictionalProfileDetail['signup_reason']>>(profile.signupReason),
    about_me: profile.aboutMe,
    interests: profile.interests as FictionalProfileDetail['interests'],
    photos: row.photos.map((photo) => ({
      id: photo.id,
      is_main: photo.id === profile.mainPhotoId,
      width: photo.width,
      height: photo.height,
    })),
    photo_limit: row.photoLimit,
  };
}
