import {
  type makeCompleteSignupSchema,
  SIGNUP_PART_FIELDS,
  type SignupPart,
  type User,
} from '../../../shared/contracts/auth.ts';
import { type Seeking, soughtGenders } from '../../../shared/profile-options.ts';
import { isCode } from '../../lib/api-form-errors.ts';
import {
  emptyDraft,
  type FieldErrors,
  type SignupDraft,
  type SignupField,
  toSignupInput,
} from './signup-steps.ts';

/**
 * /complete-signup's form logic, free of React: the parts an advertising entry left out are asked
 * with the sign-up's own fields and texts, checked by the schema the server uses.
 */

/** "Looking for" from the stored profile (the inverse of sexualityFor). */
export function seekingOf(
  gender: User['profile']['gender'],
  sexuality: User['profile']['sexuality'],
): Seeking {
  const sought = soughtGenders(gender, sexuality);
  return sought.length > 1 ? 'both' : (sought[0] ?? gender);
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

/** The body of POST /api/complete-signup.php: the sign-up's input, for the missing parts only. */
export function toCompletionInput(
  draft: SignupDraft,
  missing: readonly SignupPart[],
): Record<string, unknown> {
  const all = toSignupInput(draft);
  const fields = missing.flatMap((part) => SIGNUP_PART_FIELDS[part]);
  return Object.fromEntries(fields.map((field) => [field, all[field]]));
}

/** The first error code per field, or the body to send when everything passes. */
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
