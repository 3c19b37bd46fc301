import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable, Tx } from '../../db/client.ts';
import { executeNamed, preparedPerDatabase } from '../../db/prepared.ts';
import { creditAccounts, creditLedger } from '../../db/schema/index.ts';
import { defineStartedState } from '../../feature.ts';
import { type BusEvent, defineChannel, type EventBus, event, publish } from '../../lib/event-bus.ts';
import { createPromiseCache } from '../../lib/promise-cache.ts';
import { AppError } from '../../plugins/errors.ts';

type CreditChange = {
  userId: number;
  /** A positive number of credits. */
  amount: number;
  /** What the member's transaction list says: signup, purchase, message, gift, photo, ... */
  reason: string;
  /** The cause, unique per kind: a provider payment id, a message's client id. Same reference, one change. */
  reference: string;
};

type CreditResult = { balance: number; applied: boolean };

const insufficientCredits = (needed: number) =>
  new AppError('insufficient_credits', 402, 'You do not have enough credits', { needed });
const dailyLimitReached = (limit: number, spent: number) =>
  new AppError('daily_limit_reached', 402, 'You have reached your daily spending limit', {
    limit,
    spent,
  });

/** The zone a member's spending day is counted in until they set a limit with their own. */
const SPENDING_DAY_ZONE = 'Europe/Amsterdam';
/** The member's local date now, in the account row's zone (an SQL expression over the row). */
const spendingDay = sql`(now() at time zone coalesce(${creditAccounts.limitTimeZone}, ${SPENDING_DAY_ZONE}))::date`;
/** What the row's counter says was spent today (0 once the day it counts has passed). */
const spentTodaySql = sql`(case when ${creditAccounts.spentDay} = ${spendingDay} then ${creditAccounts.spentToday} else 0 end)`;

/**
 * The account row can pay `amount` now: enough credits, and within the member's own daily limit.
 * The one condition of every spend (spendCredits, spendCreditsTogether, couldSpendSql).
 */
const canPay = (amount: SQL | number) =>
  sql`(${creditAccounts.balance} >= ${amount} and (${creditAccounts.dailyLimit} is null or ${spentTodaySql} + ${amount} <= ${creditAccounts.dailyLimit}))`;

function checkAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`credit amount must be a positive integer: ${amount}`);
}

/**
 * A member's balance changed, with the balance as the change committed it. Balance caches and the
 * real-time channel (the member's open tabs) take the balance it carries, with no read (after every
 * chat message). Heard in commit order, and changes of one balance commit one after the other (the
 * account's row lock), so the last one heard carries the balance there is.
 */
export const creditsChanged = defineChannel(
  'credits_changed',
  z.object({ userId: z.number().int().positive(), balance: z.number().int().nonnegative() }),
);

/** How long a cached balance may be served if a notification were lost. */
const BALANCE_CACHE_TTL_MS = 60_000;

export type BalanceCache = { balanceOf: (userId: number) => Promise<number> };

/**
 * Balances from memory for the hot reads (GET /api/user.php, which a tab asks again after each of
 * its messages), updated on every instance that holds them by credits_changed when a change
 * commits: the session cache is never touched by a balance change.
 */
export async function createBalanceCache(
  db: Database,
  bus: Pick<EventBus, 'subscribe'>,
): Promise<BalanceCache> {
  const cache = createPromiseCache<number>({ ttlMs: BALANCE_CACHE_TTL_MS, maxEntries: 100_000 });
  await bus.subscribe(creditsChanged, ({ userId, balance }) => cache.update(String(userId), balance));
  return {
    balanceOf: (userId) =>
      cache.get(String(userId), async () => {
        const [row] = await balanceQuery(db).execute({ user: userId });
        return row?.balance ?? 0;
      }),
  };
}

/** The app's balances, read with `services.state.of(balancesState)`. */
export const balancesState = defineStartedState('credits.balances', ({ db, bus }) =>
  createBalanceCache(db, bus),
);

/** The balance read, one text and one name wherever it runs (db/prepared.ts). */
const selectBalance = (db: Queryable) =>
  db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, sql.placeholder('user')))
    .prepare('credits_balance');

/** The cache's read, built once per database (db/prepared.ts). */
const balanceQuery = preparedPerDatabase(selectBalance);

/** The member's balance (0 before any change). One primary-key read, never cached with the session. */
export async function balanceOf(db: Queryable, userId: number): Promise<number> {
  const [row] = await selectBalance(db).execute({ user: userId });
  return row?.balance ?? 0;
}

type LedgerKind = (typeof creditLedger.$inferInsert)['kind'];

// The statements of a change run for every chat message, so they are named (`.prepare(name)`):
// PostgreSQL plans each once per connection instead of at every call (db/prepared.ts).

/**
 * Runs a balance change once per (kind, reference): the ledger row claims the reference first, and
 * only the transaction that inserted it moves the balance (`move` answers the new balance, or
 * throws to roll everything back). A repeated reference changes nothing and answers the balance.
 */
async function applyOnce(
  tx: Tx,
  change: CreditChange,
  kind: LedgerKind,
  delta: number,
  move: () => Promise<number>,
  shortfall = 0,
): Promise<CreditResult> {
  checkAmount(change.amount);
  const [entry] = await tx
    .insert(creditLedger)
    .values({
      userId: change.userId,
      kind,
      delta,
      shortfall,
      balanceAfter: 0,
      reason: change.reason,
      reference: change.reference,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id })
    .prepare('credits_ledger_claim')
    .execute();
  if (!entry) return { balance: await balanceOf(tx, change.userId), applied: false };
  const balance = await move();
  await tx
    .update(creditLedger)
    .set({ balanceAfter: balance })
    .where(eq(creditLedger.id, entry.id))
    .prepare('credits_ledger_balance_after')
    .execute();
  // Heard by every instance when the change commits (never if it rolls back).
  await publish(tx, creditsChanged, { userId: change.userId, balance });
  return { balance, applied: true };
}

/**
 * Adds credits once per reference: a second grant with the same reference changes nothing and
 * answers the balance as it is. Runs in the caller's transaction, so the grant commits with its
 * cause (a payment's state, an account) or not at all.
 */
export async function grantCredits(
  tx: Tx,
  change: CreditChange,
  kind: 'grant' | 'refund' = 'grant',
): Promise<CreditResult> {
  return applyOnce(tx, change, kind, change.amount, async () => {
    const [account] = await tx
      .insert(creditAccounts)
      .values({ userId: change.userId, balance: change.amount })
      .onConflictDoUpdate({
        target: creditAccounts.userId,
        set: { balance: sql`${creditAccounts.balance} + ${change.amount}`, updatedAt: sql`now()` },
      })
      .returning({ balance: creditAccounts.balance });
    return account?.balance ?? change.amount;
  });
}

/**
 * Takes credits once per reference, in one conditional UPDATE (never read-then-write), so two spends
 * at once can never take the balance below zero, nor the day's spending above the member's own
 * daily limit: the row's counter of the local day moves in the same statement, and a concurrent
 * spend re-checks the condition on the row it waited for. The CHECK constraint is the second lock.
 * Not enough credits: insufficient_credits; over the limit: daily_limit_reached (both 402),
 * nothing written.
 */
export async function spendCredits(tx: Tx, change: CreditChange): Promise<CreditResult> {
  return applyOnce(tx, change, 'spend', -change.amount, async () => {
    const [account] = await tx
      .update(creditAccounts)
      .set({
        balance: sql`${creditAccounts.balance} - ${change.amount}`,
        spentToday: sql`${spentTodaySql} + ${change.amount}`,
        spentDay: spendingDay,
        updatedAt: sql`now()`,
      })
      .where(and(eq(creditAccounts.userId, change.userId), canPay(change.amount)))
      .returning({ balance: creditAccounts.balance })
      .prepare('credits_spend')
      .execute();
    if (account) return account.balance;
    // Refused: which condition failed, for the member's message. Throwing rolls the caller's
    // transaction back, ledger row included.
    throw await spendRefusal(tx, change.userId, change.amount);
  });
}

/**
 * Why a member cannot spend `amount` now, as the error a refused spend throws: over their own
 * daily limit while the balance would do (daily_limit_reached), else insufficient_credits. For a
 * caller that learned that a spend could not be made (couldSpendSql) and answers it exactly.
 */
export async function spendRefusal(db: Queryable, userId: number, amount: number): Promise<AppError> {
  const limits = await spendingLimitOf(db, userId);
  if (
    limits.dailyLimit !== null &&
    limits.balance >= amount &&
    limits.spentToday + amount > limits.dailyLimit
  )
    return dailyLimitReached(limits.dailyLimit, limits.spentToday);
  return insufficientCredits(amount);
}

/**
 * Whether a member could spend `amount` now (an SQL condition over the two expressions): enough
 * credits and within their daily limit. A hint for choosing a path, never the check itself: the
 * spend's conditional UPDATE decides.
 */
export const couldSpendSql = (userId: SQL, amount: SQL) => sql`(${amount} = 0 or exists (
  select 1 from ${creditAccounts} where ${creditAccounts.userId} = ${userId}
    and ${canPay(amount)}))`;

/**
 * The spends of many members at once, each as spendCredits makes it, as parts of a caller's own
 * statement (WITH definitions; the chat's batched sends write their messages and spends in one,
 * docs/decisions/0037): one conditional UPDATE for all accounts (never below zero, never over a
 * member's daily limit, never for a reference already in the ledger) and a ledger row for each
 * account it moved, with its balance after. `spends` names a relation of the statement with the
 * columns (user_id bigint, amount int, reason text, reference text), one row per member.
 *
 * Defines `spend_entered` (user_id, balance_after): the spends made. A spend refused, or whose
 * reference was used, is simply missing from it, so the caller's statement must be all or nothing
 * (compare the counts; `all_or_nothing`, migration 0027); a reference claimed at the same moment by
 * another transaction fails the ledger's unique index.
 */
const spendsTogetherSql = (spends: SQL) => sql`
    spend_used as (
      -- By the unique index, the references as an array: never a scan of the whole ledger.
      select ${creditLedger.reference} as reference from ${creditLedger}
      where ${creditLedger.kind} = 'spend' and ${creditLedger.reference} = any(array(select reference from ${spends}))
    ), spend_moved as (
      update ${creditAccounts} set
        balance = ${creditAccounts.balance} - s.amount,
        spent_today = ${spentTodaySql} + s.amount,
        spent_day = ${spendingDay},
        updated_at = now()
      from ${spends} s
      where ${creditAccounts.userId} = s.user_id
        -- The ids again as an array: read by index, not by joining the whole table to the set.
        and ${creditAccounts.userId} = any(array(select user_id from ${spends}))
        and ${canPay(sql`s.amount`)}
        and s.reference not in (select reference from spend_used)
      returning s.user_id, s.amount, s.reason, s.reference, ${creditAccounts.balance} as balance
    ), spend_entered as (
      insert into ${creditLedger} (user_id, kind, delta, shortfall, balance_after, reason, reference)
      select user_id, 'spend', -amount, 0, balance, reason, reference from spend_moved
      returning user_id, balance_after
    )`;

/** Thrown by spendCreditsTogether when any of its spends is refused: the caller's transaction rolls back. */
export class SpendsRefused extends Error {
  constructor() {
    super('a spend of the set was refused');
  }
}

/**
 * spendsTogetherSql as a statement of its own in the caller's transaction. All or nothing: if any
 * spend is refused or its reference was used, it throws SpendsRefused and the caller rolls back,
 * then runs each spend on its own, which answers each member exactly (insufficient_credits,
 * daily_limit_reached, or the earlier change). Answers the new balances and the events the caller
 * publishes in the same transaction.
 */
export async function spendCreditsTogether(
  tx: Tx,
  changes: readonly CreditChange[],
): Promise<{ balances: Map<number, number>; events: BusEvent[] }> {
  const balances = new Map<number, number>();
  if (changes.length === 0) return { balances, events: [] };
  for (const change of changes) checkAmount(change.amount);
  if (new Set(changes.map((c) => c.userId)).size !== changes.length)
    throw new Error('spendCreditsTogether takes one spend per member');
  const spends = JSON.stringify(
    changes.map((c) => ({ user_id: c.userId, amount: c.amount, reason: c.reason, reference: c.reference })),
  );
  // Named (db/prepared.ts): the same text for any set, which is one JSON parameter.
  const entered = await executeNamed<{ user_id: number; balance_after: number }>(
    tx,
    'credits_spend_together',
    () => sql`
    with v as (
      select * from jsonb_to_recordset(${sql.placeholder('spends')}::jsonb)
        as v(user_id bigint, amount int, reason text, reference text)
    ), ${spendsTogetherSql(sql`v`)}
    select user_id, balance_after from spend_entered`,
    { spends },
  );
  if (entered.rows.length !== changes.length) throw new SpendsRefused();
  for (const row of entered.rows) balances.set(Number(row.user_id), Number(row.balance_after));
  // Heard by every instance when the changes commit (never if they roll back).
  return {
    balances,
    events: [...balances].map(([userId, balance]) => event(creditsChanged, { userId, balance })),
  };
}

export type TakeBackResult = CreditResult & { taken: number; shortfall: number };

/**
 * Takes credits back once per reference (a refunded or charged-back payment, decision 0035), as
 * many as the balance holds and never more: the balance never goes below zero, and what was
 * already spent is the shortfall, recorded on the same ledger row (its delta may then be 0). The
 * account row is locked first, so no spend slips between the read of the balance and the take.
 * Unlike a spend it is no purchase of the member's: the daily spending counter is not touched.
 */
export async function takeBackCredits(tx: Tx, change: CreditChange): Promise<TakeBackResult> {
  checkAmount(change.amount);
  const [account] = await tx
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, change.userId))
    .for('update');
  const taken = Math.min(account?.balance ?? 0, change.amount);
  const shortfall = change.amount - taken;
  const result = await applyOnce(
    tx,
    change,
    'reversal',
    -taken,
    async () => {
      if (taken === 0) return account?.balance ?? 0;
      const [moved] = await tx
        .update(creditAccounts)
        .set({ balance: sql`${creditAccounts.balance} - ${taken}`, updatedAt: sql`now()` })
        .where(eq(creditAccounts.userId, change.userId))
        .returning({ balance: creditAccounts.balance });
      return moved?.balance ?? 0;
    },
    shortfall,
  );
  return result.applied ? { ...result, taken, shortfall } : { ...result, taken: 0, shortfall: 0 };
}

export type SpendingLimit = { dailyLimit: number | null; spentToday: number; balance: number };

/** The member's own daily limit and what they spent today (their local day). */
export async function spendingLimitOf(db: Queryable, userId: number): Promise<SpendingLimit> {
  const [row] = await db
    .select({
      dailyLimit: creditAccounts.dailyLimit,
      spentToday: sql<number>`${spentTodaySql}`.mapWith(Number),
      balance: creditAccounts.balance,
    })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return row ?? { dailyLimit: null, spentToday: 0, balance: 0 };
}

/**
 * Sets (or, with null, removes) the member's daily limit, counted in their browser's zone. It
 * applies at once, to what was already spent today too. Today's count is carried into the new
 * zone's day, so changing the zone never resets it.
 */
export async function setSpendingLimit(
  db: Queryable,
  userId: number,
  limit: { dailyLimit: number | null; timeZone: string },
): Promise<SpendingLimit> {
  await db
    .insert(creditAccounts)
    .values({ userId, dailyLimit: limit.dailyLimit, limitTimeZone: limit.timeZone })
    .onConflictDoUpdate({
      target: creditAccounts.userId,
      set: {
        dailyLimit: limit.dailyLimit,
        spentToday: spentTodaySql,
        limitTimeZone: limit.timeZone,
        spentDay: sql`(now() at time zone ${limit.timeZone})::date`,
        updatedAt: sql`now()`,
      },
    });
  return spendingLimitOf(db, userId);
}
