import {
  type makeSignupSchema,
  PASSWORD_MIN,
  passwordProblem,
  passwordStrength,
  type SignupInput,
} from '../../../shared/contracts/auth.ts';
import { type Gender, type Seeking, sexualityFor } from '../../../shared/profile-options.ts';
import { isCode, readFieldErrors } from '../../lib/api-form-errors.ts';

/**
 * The sign-up wizard's step logic, free of React so it can be tested on its own: which fields
 * belong to which step, how the form's draft becomes the API's SignupInput, and which of the one
 * shared schema's errors a step shows.
 */

export const SIGNUP_STEPS = ['who', 'birth', 'location', 'account', 'password'] as const;
export type SignupStep = 0 | 1 | 2 | 3 | 4;
export const LAST_FORM_STEP: SignupStep = 4;

export type SignupField = keyof SignupInput;

const STEP_FIELDS: Record<SignupStep, readonly SignupField[]> = {
  0: ['gender', 'sexuality'],
  1: ['date_of_birth'],
  2: ['country', 'region', 'city'],
  3: ['name', 'email'],
  4: ['password', 'accept_terms', 'signup_message'],
};

/** What the form holds: strings as the inputs give them; "looking for" instead of the stored sexuality. */
export type SignupDraft = {
  gender: Gender | '';
  seeking: Seeking | '';
  birth_day: string;
  birth_month: string;
  birth_year: string;
  country: string;
  region: string;
  city: string;
  name: string;
  email: string;
  password: string;
  accept_terms: boolean;
  signup_message: string;
};

export function emptyDraft(country: string): SignupDraft {
  return {
    gender: '',
    seeking: '',
    birth_day: '',
    birth_month: '',
    birth_year: '',
    country,
    region: '',
    city: '',
    name: '',
    email: '',
    password: '',
    accept_terms: false,
    signup_message: '',
  };
}

/** YYYY-MM-DD from the three selects, or '' while one of them is still empty. */
export function composeBirthDate(day: string, month: string, year: string): string {
  if (!day || !month || !year) return '';
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The object the schema (and the server) expects; empty optional texts become null. */
export function toSignupInput(draft: SignupDraft): Record<SignupField, unknown> {
  return {
    gender: draft.gender || undefined,
    sexuality: sexualityFor(draft.gender, draft.seeking),
    date_of_birth: composeBirthDate(draft.birth_day, draft.birth_month, draft.birth_year),
    country: draft.country || undefined,
    region: draft.region || null,
    city: draft.city.trim() || null,
    name: draft.name,
    email: draft.email,
    password: draft.password,
    accept_terms: draft.accept_terms,
    signup_message: draft.signup_message.trim() || null,
  };
}

/**
 * Valid stand-ins for the fields of steps the member has not reached. The schema's cross-field
 * checks (name ≠ e-mail, password rules, minimum age) sit in a superRefine that zod only runs when
 * every field parses, so an empty later step would hide an earlier step's cross-field error.
 * They must pass those checks together (the password contains neither stand-in name).
 */
export const LATER_STEP_STAND_INS: Record<SignupField, unknown> = {
  gender: 'female',
  sexuality: 'hetero',
  date_of_birth: '1990-06-15',
  country: 'NL',
  region: null,
  city: null,
  name: 'standin_name',
  email: 'standin@example.com',
  password: 'Stand-in password 42!',
  accept_terms: true,
  signup_message: null,
};

/** Every field of the schema, each kept under its own name whichever input feeds it. */
export const SIGNUP_FIELDS = Object.keys(LATER_STEP_STAND_INS) as SignupField[];

export type FieldErrors = Partial<Record<SignupField, string>>;

/** The schema field each draft key feeds. */
const FIELD_OF_DRAFT_KEY: Record<keyof SignupDraft, SignupField> = {
  gender: 'gender',
  seeking: 'sexuality',
  birth_day: 'date_of_birth',
  birth_month: 'date_of_birth',
  birth_year: 'date_of_birth',
  country: 'country',
  region: 'region',
  city: 'city',
  name: 'name',
  email: 'email',
  password: 'password',
  accept_terms: 'accept_terms',
  signup_message: 'signup_message',
};

/** The schema field an input of the draft feeds, under which its error is kept. */
export function fieldOfDraftKey(key: keyof SignupDraft): SignupField {
  return FIELD_OF_DRAFT_KEY[key];
}

/** The errors left once the member changes the fields of `patch`: theirs go, the others stay. */
export function clearTouchedErrors(errors: FieldErrors, patch: Partial<SignupDraft>): FieldErrors {
  const touched = Object.keys(patch).map((key) => fieldOfDraftKey(key as keyof SignupDraft));
  if (!touched.some((field) => errors[field])) return errors;
  const next = { ...errors };
  for (const field of touched) delete next[field];
  return next;
}

export function stepOfField(field: string): SignupStep {
  for (const step of [0, 1, 2, 3, 4] as const) {
    if ((STEP_FIELDS[step] as readonly string[]).includes(field)) return step;
  }
  // A field the form does not know (should not happen): the last step, where the member submits.
  return LAST_FORM_STEP;
}

type Schema = ReturnType<typeof makeSignupSchema>;

/** The first error code of each field of `step`, checked with the shared schema. */
export function validateStep(schema: Schema, step: SignupStep, draft: SignupDraft): FieldErrors {
  const input = toSignupInput(draft);
  const probe: Record<string, unknown> = {};
  for (const field of Object.keys(LATER_STEP_STAND_INS) as SignupField[]) {
    probe[field] = stepOfField(field) > step ? LATER_STEP_STAND_INS[field] : input[field];
  }
  const errors: FieldErrors = {};
  // A field that fails its own rule is swapped for its stand-in and the object checked again, so
  // the other fields' cross-field errors (password vs. name) show at once, not one per attempt.
  for (let round = 0; round < 3; round += 1) {
    const result = schema.safeParse(probe);
    if (result.success) break;
    let swapped = false;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as SignupField;
      if (stepOfField(field) !== step || errors[field]) continue;
      // Codes are i18n keys; zod's own sentences (a bound without a code of ours) get a generic text.
      errors[field] = isCode(issue.message) ? issue.message : 'invalid_field';
      probe[field] = LATER_STEP_STAND_INS[field];
      swapped = true;
    }
    if (!swapped) break;
  }
  // An unfinished date is a prompt ('Enter your date of birth (18+)'), not an invalid date.
  if (step === 1 && input.date_of_birth === '') errors.date_of_birth = 'date_of_birth_min_age';
  return errors;
}

/** The whole draft, parsed into the body of POST /api/signup.php, or the earliest step with an error. */
export function validateAll(
  schema: Schema,
  draft: SignupDraft,
): { ok: true; input: SignupInput } | { ok: false; step: SignupStep; errors: FieldErrors } {
  for (const step of [0, 1, 2, 3, 4] as const) {
    const errors = validateStep(schema, step, draft);
    if (Object.keys(errors).length > 0) return { ok: false, step, errors };
  }
  return { ok: true, input: schema.parse(toSignupInput(draft)) };
}

/**
 * Field errors from the server (`details.fieldErrors`: field → codes), read by the forms' one
 * mapping (readFieldErrors), with the earliest step that has one, so the wizard can go back to it.
 * A field the form does not know becomes `general`.
 */
export function mapServerFieldErrors(fieldErrors: Record<string, string[] | undefined>): {
  step: SignupStep;
  errors: FieldErrors;
  general?: string;
} {
  const read = readFieldErrors(fieldErrors, SIGNUP_FIELDS);
  const fields = Object.keys(read.fields) as SignupField[];
  const steps = fields.map(stepOfField);
  return {
    step: steps.length > 0 ? (Math.min(...steps) as SignupStep) : LAST_FORM_STEP,
    errors: read.fields as FieldErrors,
    general: read.form?.code,
  };
}

export type RuleState = 'pending' | 'ok' | 'fail';

/**
 * The password rules shown before the member fails them. Whether it contains the name or is too
 * common is only decided once it is long enough, as passwordProblem reports one problem at a time.
 */
export function passwordRules(password: string, email: string, name: string) {
  const longEnough = password.length >= PASSWORD_MIN;
  const problem = longEnough ? passwordProblem(password, email, name) : undefined;
  const judge = (code: string): RuleState => (!longEnough ? 'pending' : problem === code ? 'fail' : 'ok');
  return {
    length: (password.length === 0 ? 'pending' : longEnough ? 'ok' : 'fail') as RuleState,
    personal: judge('password_contains_name'),
    common: judge('password_too_common'),
    // A password that breaks a rule is never shown as more than weak.
    strength: (problem || !longEnough
      ? Math.min(passwordStrength(password), 1)
      : passwordStrength(password)) as 0 | 1 | 2 | 3 | 4,
  };
}

/** Year options, youngest allowed first. */
export function birthYears(today: Date, minAge: number, oldest = 100): number[] {
  const newest = today.getFullYear() - minAge;
  return Array.from({ length: oldest - minAge + 1 }, (_, i) => newest - i);
}
