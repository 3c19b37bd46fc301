import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberKey, memberRef } from './accounts.ts';
import { identityId } from './columns.ts';

/**
 * A member's credit balance: its own row, not a column of users, so a balance change touches no
 * cached session (features/credits). Changed only together with a ledger row, never below zero.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: memberKey('user_id'),
    balance: integer('balance').notNull().default(0),
    /** The member's own cap on credits spent per day (their local day); null: none. */
    dailyLimit: integer('daily_limit'),
    /** The zone the member's day is counted in (their browser's, sent with the limit). */
    limitTimeZone: text('limit_time_zone'),
    /** The local day `spentToday` counts, moved by every spend in the same conditional UPDATE. */
    spentDay: date('spent_day', { mode: 'string' }),
    spentToday: integer('spent_today').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_accounts_balance_non_negative', sql`${t.balance} >= 0`),
    check('credit_accounts_daily_limit_positive', sql`${t.dailyLimit} is null or ${t.dailyLimit} > 0`),
  ],
);

/**
 * Every change of a balance, written in the same transaction as the balance. `reference` names what
 * caused it (a provider payment, a message's client id, a sign-up), so the same cause never counts
 * twice: one row per kind and reference.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: identityId(),
    userId: memberRef('user_id'),
    /**
     * `reversal`: credits taken back because a payment was refunded or charged back (decision
     * 0035); its delta is what could be taken (0 when the balance was empty), `shortfall` the rest.
     */
    kind: text('kind', { enum: ['grant', 'spend', 'refund', 'adjustment', 'reversal'] }).notNull(),
    /** Positive for grants and refunds, negative for spends and reversals; an adjustment either way. */
    delta: integer('delta').notNull(),
    /** A reversal's credits that were already spent, so could not be taken back (never below zero). */
    shortfall: integer('shortfall').notNull().default(0),
    balanceAfter: integer('balance_after').notNull(),
    /** Why, for the member's transaction list and the back office: signup, purchase, message, ... */
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    uniqueIndex('credit_ledger_reference_idx').on(t.kind, t.reference),
    // A reversal of credits all spent already takes 0 and records the shortfall instead.
    check('credit_ledger_delta_not_zero', sql`${t.delta} <> 0 or ${t.kind} = 'reversal'`),
    check('credit_ledger_shortfall_non_negative', sql`${t.shortfall} >= 0`),
  ],
);
