import type { OwnProfile, ProfileUpdate } from '../../../shared/contracts/profile.ts';
import type { ProfileField } from '../../../shared/contracts/settings.ts';
import type { InterestKey } from '../../../shared/interests.ts';
import { PROFILE_CHOICES } from '../../../shared/profile-options.ts';

/** The choice fields and their option keys; labels are under options.<field>.<key> in 'profile'. */
export const CHOICE_FIELDS = PROFILE_CHOICES;
export type ChoiceField = keyof typeof CHOICE_FIELDS;

/** Gender and sexuality were answered at sign-up and cannot be emptied; the others can be "not said". */
export const REQUIRED_CHOICES: ReadonlySet<ChoiceField> = new Set(['gender', 'sexuality']);

/** What the form edits: select values as strings ('' = not said). */
export type ProfileDraft = {
  [K in ChoiceField]: string;
} & {
  country: string;
  region: string;
  city: string;
  about_me: string;
  interests: InterestKey[];
};

export function draftFromProfile(profile: OwnProfile): ProfileDraft {
  return {
    gender: profile.gender,
    sexuality: profile.sexuality,
    hair_color: profile.hair_color ?? '',
    eye_color: profile.eye_color ?? '',
    body_type: profile.body_type ?? '',
    relationship_status: profile.relationship_status ?? '',
    tattoos: profile.tattoos ?? '',
    signup_reason: profile.signup_reason ?? '',
    country: profile.country,
    region: profile.region ?? '',
    city: profile.city ?? '',
    about_me: profile.about_me ?? '',
    interests: [...profile.interests],
  };
}

/** The fields the operator shows (settings.visible_profile_fields), as a set; unknown names are ignored. */
export function visibleFieldSet(fields: readonly string[]): ReadonlySet<ProfileField> {
  return new Set(fields as ProfileField[]);
}

const emptyToNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The PUT body: only fields the page shows, so a field the operator hides keeps what is stored.
 * Empty choices and texts become null ("not said"); the server's schema decides what is valid.
 */
export function updateFromDraft(
  draft: ProfileDraft,
  visible: ReadonlySet<ProfileField>,
  storedCountry?: string,
): ProfileUpdate {
  const body: Record<string, unknown> = {};
  for (const field of Object.keys(CHOICE_FIELDS) as ChoiceField[]) {
    if (!visible.has(field)) continue;
    if (REQUIRED_CHOICES.has(field)) {
      if (draft[field]) body[field] = draft[field];
    } else body[field] = draft[field] || null;
  }
  if (visible.has('country') && draft.country) body.country = draft.country;
  if (visible.has('region')) body.region = draft.region || null;
  // A hidden region of the old country would contradict the new one.
  else if (body.country && storedCountry && body.country !== storedCountry) body.region = null;
  if (visible.has('city')) body.city = emptyToNull(draft.city);
  if (visible.has('about_me')) body.about_me = emptyToNull(draft.about_me);
  if (visible.has('interests')) body.interests = [...draft.interests];
  return body as ProfileUpdate;
}

export function toggleInterest(interests: readonly InterestKey[], key: InterestKey): InterestKey[] {
  return interests.includes(key) ? interests.filter((k) => k !== key) : [...interests, key];
}

/** The place line of the header: city, region name and country name, skipping what is unknown. */
export function placeLine(parts: readonly (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out.join(', ');
}

/** The answers that make a profile complete, in the order the form asks them. */
const COMPLETENESS_FIELDS = [
  'region',
  'city',
  'hair_color',
  'eye_color',
  'body_type',
  'tattoos',
  'relationship_status',
  'signup_reason',
  'about_me',
  'interests',
] as const satisfies readonly ProfileField[];

export type Completeness = { percent: number; missing: (ProfileField | 'photos')[] };

/**
 * How complete the saved profile is: a photo plus every optional answer the operator shows.
 * Gender, sexuality and country come from sign-up and always count as given.
 */
export function profileCompleteness(
  profile: OwnProfile,
  hasPhoto: boolean,
  visible: ReadonlySet<ProfileField>,
): Completeness {
  const missing: Completeness['missing'] = hasPhoto ? [] : ['photos'];
  let total = 1;
  for (const field of COMPLETENESS_FIELDS) {
    if (!visible.has(field)) continue;
    total += 1;
    const value = profile[field];
    const given = Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';
    if (!given) missing.push(field);
  }
  return { percent: Math.round(((total - missing.length) / total) * 100), missing };
}
