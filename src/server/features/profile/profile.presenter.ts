import { ageOn } from '../../../shared/contracts/members.ts';
import type { OwnProfile } from '../../../shared/contracts/profile.ts';
import { INTEREST_KEYS, type InterestKey } from '../../../shared/interests.ts';
import { COUNTRIES, type Country } from '../../../shared/limits.ts';
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '../../../shared/profile-options.ts';
import type { profiles, users } from '../../db/schema/index.ts';

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'name'>;
type ProfileRow = typeof profiles.$inferSelect;

/** A stored option that is no longer one of the keys (an old import, a removed option) reads as unset. */
function option<T extends string>(keys: readonly T[], value: string | null): T | null {
  return value !== null && (keys as readonly string[]).includes(value) ? (value as T) : null;
}

const INTERESTS = new Set<string>(INTEREST_KEYS);

/** What the sign-up set of a profile, by the API's names (the session's user, staff's audit). */
export const presentProfileBasics = (profile: ProfileRow) => ({
  date_of_birth: profile.birthDate,
  gender: profile.gender,
  sexuality: profile.sexuality,
  country: profile.country,
  region: profile.region,
  city: profile.city,
});

/** The member's own profile: every field, for the owner only. */
export function presentOwnProfile(user: UserRow, profile: ProfileRow, now: Date): OwnProfile {
  return {
    id: user.id,
    name: user.name,
    age: ageOn(profile.birthDate, now),
    date_of_birth: profile.birthDate,
    gender: profile.gender,
    sexuality: profile.sexuality,
    // Profiles are only created with a supported country; the check keeps the type honest.
    country: (COUNTRIES as readonly string[]).includes(profile.country)
      ? (profile.country as Country)
      : COUNTRIES[0],
    region: profile.region,
    city: profile.city,
    hair_color: option(HAIR_COLORS, profile.hairColor),
    eye_color: option(EYE_COLORS, profile.eyeColor),
    body_type: option(BODY_TYPES, profile.bodyType),
    relationship_status: option(RELATIONSHIP_STATUSES, profile.relationshipStatus),
    tattoos: option(TATTOO_OPTIONS, profile.tattoos),
    signup_reason: option(SIGNUP_REASONS, profile.signupReason),
    about_me: profile.aboutMe,
    interests: profile.interests.filter((key): key is InterestKey => INTERESTS.has(key)),
    main_photo_id: profile.mainPhotoId,
  };
}
