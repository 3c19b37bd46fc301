import type { makeCompleteSignupSchema, SignupPart, User } from '../../../shared/contracts/auth.ts';
import type { Seeking } from './signup-steps.ts';
import {
  composeBirthDate,
  emptyDraft,
  type FieldErrors,
  type SignupDraft,
  type SignupField,
} from './signup-steps.ts';

/**
 * /complete-signup's form logic, free of React: the parts an advertising entry left out are asked
 * with the sign-up's own fields and texts, checked by the schema the server uses.
 */

/** The form fields of each part, in the order the page shows them. */
export const PART_FIELDS: Record<SignupPart, readonly SignupField[]> = {
  name: ['name'],
  date_of_birth: ['date_of_birth'],
  location: ['country', 'region', 'city'],
  password: ['password'],
};

/** "Looking for" from the stored sexuality (the inverse of sexualityFor). */
export function seekingOf(
  gender: User['profile']['gender'],
  sexuality: User['profile']['sexuality'],
): Seeking {
  if (sexuality === 'bi') return 'both';
  if (sexuality === 'hetero') return gender === 'male' ? 'female' : 'male';
  return gender;
}

/** The sign-up draft with what the account already knows; the missing parts start empty. */
export function completionDraft(user: User, countries: readonly string[]): SignupDraft {
  const { profile } = user;
  return {
    ...emptyDraft(countries.includes(profile.country) ? profile.country : (countries[0] ?? '')),
    gender: profile.gender,
    seeking: seekingOf(profile.gender, profile.sexuality),
    email: user.email,
    name: user.signup_missing.includes('name') ? '' : profile.name,
    accept_terms: true,
  };
}

/** The body of POST /api/complete-signup.php: the fields of the missing parts only. */
export function toCompletionInput(
  draft: SignupDraft,
  missing: readonly SignupPart[],
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (missing.includes('name')) input.name = draft.name;
  if (missing.includes('date_of_birth'))
    input.date_of_birth = composeBirthDate(draft.birth_day, draft.birth_month, draft.birth_year);
  if (missing.includes('location')) {
    input.country = draft.country || undefined;
    input.region = draft.region || null;
    input.city = draft.city.trim() || null;
  }
  if (missing.includes('password')) input.password = draft.password;
  return input;
}

const isCode = (message: string) => /^[a-z0-9_]+$/.test(message);

/** The first error code per field, or the parsed body when everything passes. */
export function validateCompletion(
  schema: ReturnType<typeof makeCompleteSignupSchema>,
  draft: SignupDraft,
  missing: readonly SignupPart[],
): { ok: true; input: Record<string, unknown> } | { ok: false; errors: FieldErrors } {
  const input = toCompletionInput(draft, missing);
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, input };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as SignupField;
    errors[field] ??= isCode(issue.message) ? issue.message : 'invalid_field';
  }
  // An unfinished date is a prompt ('Enter your date of birth (18+)'), as in the wizard.
  if (input.date_of_birth === '') errors.date_of_birth = 'date_of_birth_min_age';
  return { ok: false, errors };
}
