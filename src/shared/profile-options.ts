/** Option keys of the profile fields; labels live in i18n under profile.<field>.<key>. */
export const GENDERS = ['male', 'female'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export const HAIR_COLORS = ['blonde', 'brown', 'black', 'red', 'grey', 'bald', 'other'] as const;
export const EYE_COLORS = ['blue', 'brown', 'green', 'grey', 'hazel', 'other'] as const;
export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'muscular', 'large'] as const;
export const RELATIONSHIP_STATUSES = [
  'single',
  'divorced',
  'widowed',
  'separated',
  'relationship',
  'married',
  'open',
] as const;
export const TATTOO_OPTIONS = ['none', 'one', 'some', 'many'] as const;
export const SIGNUP_REASONS = ['relationship', 'friendship', 'dating', 'adventure', 'chat'] as const;

export type Gender = (typeof GENDERS)[number];
export type Sexuality = (typeof SEXUALITIES)[number];

/** The profile's choice fields with their option keys, in the order forms and the profile view list them. */
export const PROFILE_CHOICES = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOO_OPTIONS,
  signup_reason: SIGNUP_REASONS,
} as const;
export type ProfileChoiceField = keyof typeof PROFILE_CHOICES;
export const PROFILE_CHOICE_FIELDS = Object.keys(PROFILE_CHOICES) as ProfileChoiceField[];

/** "Looking for" as the sign-ups ask it (the wizard, the advertising entries): a gender, or both. */
export const SEEKING = ['male', 'female', 'both'] as const;
export type Seeking = (typeof SEEKING)[number];

/**
 * The stored sexuality of whom one seeks: a woman looking for a man is hetero, for a woman lesbian;
 * "both" is bi whoever asks. Undefined while a form has not both answers.
 */
export function sexualityFor(gender: Gender | '', seeking: Seeking | ''): Sexuality | undefined {
  if (!gender || !seeking) return undefined;
  if (seeking === 'both') return 'bi';
  if (seeking !== gender) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

/**
 * The genders a member with this profile would like to see: search defaults, sign-up matches, and
 * on the server who may be shown to whom (auto-like, the swipe game, the match finder).
 */
export function soughtGenders(gender: Gender, sexuality: Sexuality): Gender[] {
  if (sexuality === 'bi') return ['male', 'female'];
  if (sexuality === 'hetero') return [gender === 'male' ? 'female' : 'male'];
  return [gender];
}
