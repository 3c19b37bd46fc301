// Owned by the staff feature (features/staff): the back office's people, their sessions and the
// audit log of what they do. Staff are not members: no row here is ever a users row (docs/decisions/0043).
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../shared/contracts/staff.ts';
import { identityId } from './columns.ts';

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: identityId(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<StaffRole[]>().notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * The TOTP secret (base32). Stored as is: the project has no key to encrypt it with yet, and a
     * key kept beside the database would protect nothing (docs/decisions/0043).
     */
    totpSecret: text('totp_secret'),
    /** Null until the person proved a first code: the next login shows the set-up page again. */
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** sha256 of each unused recovery code; a used one is removed. */
    recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
    /** The last TOTP step accepted, so one code never logs in twice. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_accounts_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Behind the `asid` cookie (path /admin and /api/admin). `stage` is `password` after the password
 * and before the second factor: such a session opens nothing but the TOTP step.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    stage: text('stage', { enum: ['password', 'complete'] }).notNull(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** Absolute end (12 hours after the login); the idle end is last_seen_at + 30 minutes. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Append-only (the migration adds a trigger refusing UPDATE and DELETE): one row per staff action
 * that read private data or changed anything, written in the action's own transaction.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: identityId(),
    /** Null for the command line (`npm run staff`), which has no staff member behind it. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staffAccounts.id),
    /** The roles the person held when acting. */
    roles: text('roles').array().notNull(),
    action: text('action').notNull(),
    /** What was acted on, e.g. `staff:12`, `member:345`. */
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_staff_idx').on(t.staffId, t.at),
    index('staff_audit_target_idx').on(t.target, t.at),
  ],
);

export type StaffAccount = typeof staffAccounts.$inferSelect;
