import type { MemberPhoto, MemberProfile } from '../../../shared/contracts/members.ts';
import { PROFILE_CHOICE_FIELDS, type ProfileChoiceField } from '../../../shared/profile-options.ts';

/**
 * What the profile view shows of a member, free of React so it can be tested. The site's
 * visible_profile_fields setting decides which fields appear at all; an empty field never shows
 * as an empty row.
 */

/** The key facts shown as chips under the name. */
const HIGHLIGHT_FIELDS = ['relationship_status', 'signup_reason', 'body_type', 'sexuality'] as const;

/** The rows of the details list, in the order of the own-profile form. */
const DETAIL_FIELDS = PROFILE_CHOICE_FIELDS;

type ProfileFactField = ProfileChoiceField;
/** A fact with its option key; labels are `fields.<field>` and `options.<field>.<value>` (profile texts). */
export type ProfileFact = { field: ProfileFactField; value: string };

type Viewed = Pick<MemberProfile, ProfileFactField>;

function factsOf(
  member: Viewed,
  fields: readonly ProfileFactField[],
  visible: readonly string[],
): ProfileFact[] {
  const facts: ProfileFact[] = [];
  for (const field of fields) {
    const value = member[field];
    if (visible.includes(field) && value) facts.push({ field, value });
  }
  return facts;
}

export function profileHighlights(member: Viewed, visible: readonly string[]): ProfileFact[] {
  return factsOf(member, HIGHLIGHT_FIELDS, visible);
}

export function profileDetails(member: Viewed, visible: readonly string[]): ProfileFact[] {
  return factsOf(member, DETAIL_FIELDS, visible);
}

/** "Utrecht, Utrecht, Netherlands" without empty or hidden parts and without a repeated name. */
export function placeLine(
  member: Pick<MemberProfile, 'city' | 'region' | 'country'>,
  visible: readonly string[],
  names: { country: (code: string) => string; region: (code: string) => string | undefined },
): string {
  const parts: string[] = [];
  if (visible.includes('city') && member.city) parts.push(member.city);
  const region = visible.includes('region') && member.region ? names.region(member.region) : undefined;
  if (region && !parts.includes(region)) parts.push(region);
  if (visible.includes('country') && member.country) parts.push(names.country(member.country));
  return parts.join(', ');
}

/** The photo shown large at the top: the main photo (the server sends it first). */
export function mainPhoto(photos: readonly MemberPhoto[]): MemberPhoto | undefined {
  return photos[0];
}

/** The next photo in the viewer, round the ends. */
export function stepPhoto(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}
