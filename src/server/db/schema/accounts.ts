// Owned by the auth feature (features/auth): accounts, their sessions, single-use links and the
// traffic source an account came with. Other features read and write these through auth's services.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DismissalKey, SignupPart } from '../../../shared/contracts/auth.ts';
import { identityId } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: identityId(),
    email: text('email').notNull(),
    /** The public name (username) members know each other by. */
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['not_confirmed', 'active', 'disabled', 'pending_deletion'] })
      .notNull()
      .default('not_confirmed'),
    paidUser: boolean('paid_user').notNull().default(false),
    language: text('language').notNull().default('nl'),
    fictional: boolean('fictional').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    demo: boolean('demo').notNull().default(false),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    notificationsDisabled: text('notifications_disabled').array().notNull().default(sql`'{}'::text[]`),
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deleteReason: text('delete_reason'),
    deleteRemarks: text('delete_remarks'),
    /** Set when the personal data was erased after the reactivation window. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    signupIp: text('signup_ip'),
    /**
     * The sign-up parts an advertising entry did not ask for (SIGNUP_PARTS), finished on
     * /complete-signup. Until the list is empty the account stays not_confirmed, so it is never
     * shown to others, even once the e-mail address is confirmed (email_confirmed_at).
     */
    signupMissing: text('signup_missing').array().$type<SignupPart[]>().notNull().default(sql`'{}'::text[]`),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A moderator hid the profile (a report's outcome): unlike `invisible`, the member cannot undo it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * Dismissable alerts the member closed, each with its time (spec §4): stored with the account
     * so a dismissal holds on every device and comes with the session (docs/decisions/0032).
     */
    dismissals: jsonb('dismissals').$type<Partial<Record<DismissalKey, string>>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    index('users_name_idx').on(sql`lower(${t.name})`),
    // The ids of visible members (visibleMemberCondition): a search's total joins its matches against
    // this small index instead of reading every users row (docs/performance.md: half the cold count).
    index('users_visible_idx')
      .on(t.id)
      .where(
        sql`${t.status} = 'active' and ${t.invisible} = false and ${t.deletedAt} is null and ${t.hiddenAt} is null`,
      ),
  ],
);

/**
 * A row that is one member's own (their balance, their settings): keyed by the member, and gone
 * with the account.
 */
export const memberKey = <TName extends string>(name: TName) =>
  bigint(name, { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

/** A row that belongs to a member (their photo, their like): it names them, and goes with the account. */
export const memberRef = <TName extends string>(name: TName) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Server-side sessions behind the HttpOnly `sid` cookie; the cookie holds a token, the row its hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: memberRef('user_id'),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use links sent by e-mail: activation, password reset, e-mail change, reactivation. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: identityId(),
    userId: memberRef('user_id'),
    kind: text('kind', { enum: ['activation', 'password_reset', 'mail_change', 'reactivation'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.kind),
  ],
);

export const trackingRecords = pgTable('tracking_records', {
  userId: memberKey('user_id'),
  network: text('network'),
  ref: text('ref'),
  sub1: text('sub1'),
  sub2: text('sub2'),
  sub3: text('sub3'),
  /** The lander or advertising entry the account signed up from (features/landers), and its slug. */
  lander: text('lander'),
  slug: text('slug'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
