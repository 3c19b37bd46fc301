import { z } from 'zod';
import { PASSWORD_MAX, passwordProblem } from './auth.ts';

/**
 * The back office's roles; one person may hold several. Rights per role are the policy's
 * (src/server/policy/rules/staff.rules.ts): a new role or right is a line there.
 */
export const STAFF_ROLES = ['admin', 'moderator', 'operator'] as const;
const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

const RolesSchema = z
  .array(StaffRoleSchema)
  .min(1)
  .transform((roles) => [...new Set(roles)].sort());

export const StaffLoginInputSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

export const StaffTotpInputSchema = z.object({
  /** Six digits from the app, or a recovery code (xxxxx-xxxxx). */
  code: z
    .string()
    .trim()
    .min(6)
    .max(20)
    .transform((code) => code.replaceAll(' ', '')),
});

/** Where the person stands after a login step. */
export const StaffLoginStateSchema = z.discriminatedUnion('step', [
  /** The second factor is set up: type the current code. */
  z.object({ step: z.literal('totp') }),
  /** First login: scan this, then type a code. */
  z.object({ step: z.literal('totp_setup'), secret: z.string(), uri: z.string(), qrSvg: z.string() }),
  z.object({
    step: z.literal('done'),
    csrfToken: z.string(),
    /** Shown once, right after the set-up; null on later logins. */
    recoveryCodes: z.array(z.string()).nullable(),
  }),
]);
export type StaffLoginState = z.infer<typeof StaffLoginStateSchema>;

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  disabled: z.boolean(),
  totpReady: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** A row of the staff list: the account and when its last login was completed (null: never). */
export const StaffListEntrySchema = StaffMemberSchema.extend({ lastLoginAt: z.iso.datetime().nullable() });
export type StaffListEntry = z.infer<typeof StaffListEntrySchema>;

export const StaffMeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(StaffRoleSchema),
  csrfToken: z.string(),
  /** The back office's sections this person may open, in the nav's order. */
  sections: z.array(z.string()),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;
export type StaffLoginInput = z.infer<typeof StaffLoginInputSchema>;
export type StaffTotpInput = z.input<typeof StaffTotpInputSchema>;

/** The members' password rules (passwordProblem), so a staff password is never weaker than a member's. */
export const StaffAddInputSchema = z
  .object({
    email: z.email({ error: 'invalid_email' }).max(254),
    name: z.string().trim().min(1).max(100),
    password: z.string().max(PASSWORD_MAX, { error: 'password_too_long' }),
    roles: RolesSchema,
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password, value.email, value.name);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type StaffAddInput = z.infer<typeof StaffAddInputSchema>;

export const StaffIdInputSchema = z.object({ id: z.coerce.number().int().positive() });
export const StaffRolesInputSchema = z.object({ id: z.number().int().positive(), roles: RolesSchema });

export const AuditQuerySchema = z.object({
  staff_id: z.coerce.number().int().positive().optional(),
  target: z.string().trim().min(1).max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

const AuditRowSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  roles: z.array(z.string()),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  at: z.iso.datetime(),
});
export const AuditPageSchema = z.object({
  rows: z.array(AuditRowSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
