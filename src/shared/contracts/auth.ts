import { z } from 'zod';
import { COUNTRIES } from '../limits.ts';
import { GENDERS, SEXUALITIES } from '../profile-options.ts';
import { ageOn, MainImageSchema } from './members.ts';
import { OwnProfileSchema } from './profile.ts';
import { multilineText, plainText } from './text.ts';

/**
 * Account contracts. Validation messages are i18n keys under `validation.` in the common
 * namespace; the `en` texts are the spec's exact sentences (e.g. validation.invalid_email →
 * 'Invalid email'). One schema serves the sign-up form and the server.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NAME_MIN = 3;
export const NAME_MAX = 30;
export const SIGNUP_MESSAGE_MAX = 500;
export const DELETE_REASONS = [
  'price',
  'found_someone',
  'not_looking',
  'site_problems',
  'no_members',
  'time',
  'other',
] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

/**
 * The parts of a sign-up an advertising entry may leave for later. The entry asks only for the
 * e-mail address, who you are and whom you seek, and the terms; /complete-signup asks the rest.
 */
export const SIGNUP_PARTS = ['name', 'date_of_birth', 'location', 'password'] as const;
export type SignupPart = (typeof SIGNUP_PARTS)[number];

const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'invalid_email' })
  .pipe(z.email({ error: 'invalid_email' }));

/** YYYY-MM-DD that is a real calendar date. */
export function isValidIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** A password hint the form shows while typing (0 weak … 4 strong). */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  let score = 0;
  if (password.length >= PASSWORD_MIN) score += 1;
  if (password.length >= 12) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password) && /[^A-Za-z0-9]/.test(password)) score += 1;
  return Math.min(score, 4) as 0 | 1 | 2 | 3 | 4;
}

export function passwordProblem(password: string, email: string, name: string): string | undefined {
  if (password.length < PASSWORD_MIN) return 'password_too_short';
  if (password.length > PASSWORD_MAX) return 'password_too_long';
  const lower = password.toLowerCase();
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (
    (local.length >= 3 && lower.includes(local)) ||
    (name.length >= 3 && lower.includes(name.toLowerCase())) ||
    lower === email.toLowerCase()
  ) {
    return 'password_contains_name';
  }
  if (
    /^(.)\1+$/.test(password) ||
    ['12345678', 'password', 'wachtwoord', 'qwertyui', '123456789', 'iloveyou'].includes(lower)
  ) {
    return 'password_too_common';
  }
  return undefined;
}

/** A member's public name (username): the sign-up's rules, and the back office's fictional profiles'. */
export const MemberNameSchema = plainText()
  .min(NAME_MIN, { error: 'name_too_short' })
  .max(NAME_MAX, { error: 'name_too_long' })
  .refine((v) => !v.startsWith('@'), { error: 'name_starts_with_at' })
  .refine((v) => /^[\p{L}\p{N}._ -]+$/u.test(v), { error: 'name_invalid_characters' });

/** The sign-up fields, shared by the full sign-up, the advertising entry and /complete-signup. */
const signupFields = {
  email: EmailSchema,
  name: MemberNameSchema,
  password: z.string().max(PASSWORD_MAX, { error: 'password_too_long' }),
  date_of_birth: z.string().refine(isValidIsoDate, { error: 'invalid_date_of_birth' }),
  gender: z.enum(GENDERS, { error: 'gender_required' }),
  sexuality: z.enum(SEXUALITIES, { error: 'sexuality_required' }),
  country: z.enum(COUNTRIES, { error: 'country_required' }),
  region: plainText().max(10).optional().nullable(),
  city: plainText().max(100).optional().nullable(),
  signup_message: multilineText()
    .max(SIGNUP_MESSAGE_MAX, { error: 'signup_message_too_long' })
    .optional()
    .nullable(),
  accept_terms: z.literal(true, { error: 'accept_terms_required' }),
};

type CrossFieldInput = { email: string; name?: string; password?: string; date_of_birth?: string };

/** The checks across fields: name ≠ e-mail, the password rules, the minimum age. */
function checkAcrossFields(minAge: number, today: () => Date) {
  return (value: CrossFieldInput, ctx: z.RefinementCtx) => {
    const name = value.name ?? '';
    if (value.name !== undefined && name.trim().toLowerCase() === value.email.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'name_equals_email' });
    }
    if (value.password !== undefined) {
      const problem = passwordProblem(value.password, value.email, name);
      if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    }
    if (value.date_of_birth !== undefined && isValidIsoDate(value.date_of_birth)) {
      const age = ageOn(value.date_of_birth, today());
      if (age < minAge)
        ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: 'date_of_birth_min_age' });
      else if (age > 110)
        ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: 'invalid_date_of_birth' });
    }
  };
}

export function makeSignupSchema(minAge: number, today: () => Date = () => new Date()) {
  return z.object(signupFields).superRefine(checkAcrossFields(minAge, today));
}
export type SignupInput = z.infer<ReturnType<typeof makeSignupSchema>>;

/** POST /api/signup-entry.php: the short sign-up of an advertising entry. */
export const EntrySignupSchema = z.object({
  email: signupFields.email,
  gender: signupFields.gender,
  sexuality: signupFields.sexuality,
  accept_terms: signupFields.accept_terms,
  /**
   * The member the entry page showed in front (none when it showed others instead): the new member
   * may write to them a few times for free (the landing_free_messages setting).
   */
  member: z.object({ id: z.number().int().positive() }).optional(),
});
export type EntrySignupInput = z.infer<typeof EntrySignupSchema>;

/** The sign-up fields each part consists of (the schema below and the /complete-signup form). */
export const SIGNUP_PART_FIELDS = {
  name: ['name'],
  date_of_birth: ['date_of_birth'],
  location: ['country', 'region', 'city'],
  password: ['password'],
} as const satisfies Record<SignupPart, readonly (keyof typeof signupFields)[]>;
type PartField = (typeof SIGNUP_PART_FIELDS)[SignupPart][number];

/** What /complete-signup may send: the fields of the parts still missing. */
export type CompleteSignupInput = Partial<Pick<SignupInput, PartField>>;

/**
 * POST /api/complete-signup.php: the fields of the parts still missing, with the same rules and
 * texts as the full sign-up (the e-mail address, already known, takes part in the cross-field
 * checks). Fields of parts that are not missing are not accepted.
 */
export function makeCompleteSignupSchema(options: {
  minAge: number;
  email: string;
  missing: readonly SignupPart[];
  today?: () => Date;
}): z.ZodType<CompleteSignupInput> {
  const fields = options.missing.flatMap((part) => SIGNUP_PART_FIELDS[part]);
  const shape = Object.fromEntries(fields.map((field) => [field, signupFields[field]]));
  const check = checkAcrossFields(options.minAge, options.today ?? (() => new Date()));
  return z
    .strictObject(shape)
    .superRefine((value, ctx) => check({ ...(value as CompleteSignupInput), email: options.email }, ctx));
}

export const LoginInputSchema = z.object({
  /** The e-mail address or the username. */
  email: plainText().min(1, { error: 'login_failed' }).max(254),
  password: z.string().min(1, { error: 'login_failed' }).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** The member's own profile as far as every page needs it, carried with the session. */
const UserProfileSchema = OwnProfileSchema.pick({
  id: true,
  name: true,
  age: true,
  date_of_birth: true,
  gender: true,
  sexuality: true,
  country: true,
  region: true,
  city: true,
}).extend({
  // As stored: the session's row is not checked against COUNTRIES.
  country: z.string(),
  /** The member's own main photo (any status; null: no photo yet, the add-photo alert shows). */
  main_image: MainImageSchema.nullable(),
});

/** Dismissable alerts (spec §4): each keeps its own timestamp once the member closed it. */
const DISMISSAL_KEYS = [
  'site_entry_warning',
  'add_photo',
  'enable_push',
  'disabled_notifications',
  'time_bonus_modal',
] as const;
export type DismissalKey = (typeof DISMISSAL_KEYS)[number];
/** POST /api/dismissal.php: the alert the member closed; stored with the account. */
export const DismissalInputSchema = z.object({ key: z.enum(DISMISSAL_KEYS) });

/**
 * The member's time bonus while it runs (spec §4): when it ends and how many seconds are left,
 * counted on the server, so a page's countdown does not depend on the device's clock.
 */
const TimeBonusStateSchema = z.object({ ends_at: z.string(), seconds_left: z.number().int() });
export type TimeBonusState = z.infer<typeof TimeBonusStateSchema>;

/** The spec's User (§3), as GET/POST /api/user.php return it. */
const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['not_confirmed', 'active', 'disabled', 'pending_deletion']),
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: z.string(),
  fictional_icon: z.string(),
  notifications_disabled: z.array(z.string()),
  /**
   * The e-mail address was confirmed by its activation link. Usually the same as status ≠
   * not_confirmed, but an advertising entry's account stays not_confirmed (unseen) until
   * /complete-signup, also after confirming: reminders and resend buttons ask this.
   */
  email_confirmed: z.boolean(),
  /** Sign-up parts an advertising entry left for /complete-signup; empty for everyone else. */
  signup_missing: z.array(z.enum(SIGNUP_PARTS)),
  /** Invisible mode: others do not find the member (PUT /api/invisible.php; docs/decisions/0024). */
  invisible: z.boolean(),
  profile: UserProfileSchema,
  /** Sent back in the x-csrf-token header on every state-changing call. */
  csrf_token: z.string(),
  /** Counters for the navigation badges; filled by the chat and likes features. */
  unread_messages: z.number().int(),
  new_likes: z.number().int(),
  /** The time bonus, while it runs for this member (never paid, sign-up less than 4 hours ago); else null. */
  time_bonus: TimeBonusStateSchema.nullable(),
  /** The alerts the member dismissed (stored on the server), each with when. */
  dismissals: z.partialRecord(z.enum(DISMISSAL_KEYS), z.string()),
});
export type User = z.infer<typeof UserSchema>;
export const UserResponseSchema = z.object({ user: UserSchema });

export const LanguageInputSchema = z.object({ language: z.enum(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl']) });
/** PUT /api/invisible.php: invisible mode on or off; answered with the member, as PUT /api/user.php. */
export const InvisibleInputSchema = z.object({ invisible: z.boolean() });
export const EmailOnlySchema = z.object({ email: EmailSchema });
export const TokenSchema = z.object({ token: z.string().min(20).max(200) });
/** A new password typed twice: the same rules for the reset link and the settings screen. */
function checkNewPassword(v: { password: string; password_repeat: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.password_repeat) {
    ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: 'passwords_not_same' });
  }
  if (v.password.length < PASSWORD_MIN)
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'password_too_short' });
}
const NewPasswordFields = { password: z.string().max(PASSWORD_MAX), password_repeat: z.string() };
export const PasswordResetDoSchema = z
  .object({ token: z.string().min(20).max(200), ...NewPasswordFields })
  .superRefine(checkNewPassword);
export const PasswordChangeSchema = z
  .object({ old_password: z.string().min(1, { error: 'old_password_wrong' }), ...NewPasswordFields })
  .superRefine(checkNewPassword);
export const MailChangeSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'new_email_invalid' })),
  password: z.string().min(1, { error: 'old_password_wrong' }),
});
export const DeleteAccountSchema = z.object({
  reason: z.enum(DELETE_REASONS, { error: 'delete_reason_required' }),
  remarks: multilineText().max(2000).optional().nullable(),
  /** Checked against the account's password; an entry account without one has nothing to give. */
  password: z.string().max(PASSWORD_MAX).default(''),
});
export const OkSchema = z.object({ ok: z.literal(true) });
