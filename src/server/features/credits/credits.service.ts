import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { creditAccounts, creditLedger } from '../../db/schema/index.ts';
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

function checkAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`credit amount must be a positive integer: ${amount}`);
}

/** The member's balance (0 before any change). One primary-key read, never cached with the session. */
export async function balanceOf(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return row?.balance ?? 0;
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
  checkAmount(change.amount);
  // The ledger row claims the reference first; only the transaction that inserted it moves the balance.
  const claimed = await tx
    .insert(creditLedger)
    .values({
      userId: change.userId,
      kind,
      delta: change.amount,
      balanceAfter: 0,
      reason: change.reason,
      reference: change.reference,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  const entry = claimed[0];
  if (!entry) return { balance: await balanceOf(tx, change.userId), applied: false };
  const [account] = await tx
    .insert(creditAccounts)
    .values({ userId: change.userId, balance: change.amount })
    .onConflictDoUpdate({
      target: creditAccounts.userId,
      set: { balance: sql`${creditAccounts.balance} + ${change.amount}`, updatedAt: sql`now()` },
    })
    .returning({ balance: creditAccounts.balance });
  const balance = account?.balance ?? change.amount;
  await tx.update(creditLedger).set({ balanceAfter: balance }).where(eq(creditLedger.id, entry.id));
  return { balance, applied: true };
}

/**
 * Takes credits once per reference, in one conditional UPDATE (never read-then-write), so two spends
 * at once can never take the balance below zero; the CHECK constraint is the second lock. Not
 * enough credits: insufficient_credits (402), nothing written.
 */
export async function spendCredits(tx: Tx, change: CreditChange): Promise<CreditResult> {
  checkAmount(change.amount);
  const claimed = await tx
    .insert(creditLedger)
    .values({
      userId: change.userId,
      kind: 'spend',
      delta: -change.amount,
      balanceAfter: 0,
      reason: change.reason,
      reference: change.reference,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  const entry = claimed[0];
  if (!entry) return { balance: await balanceOf(tx, change.userId), applied: false };
  const [account] = await tx
    .update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} - ${change.amount}`, updatedAt: sql`now()` })
    .where(and(eq(creditAccounts.userId, change.userId), sql`${creditAccounts.balance} >= ${change.amount}`))
    .returning({ balance: creditAccounts.balance });
  // Throwing rolls the caller's transaction back, ledger row included.
  if (!account) throw insufficientCredits(change.amount);
  await tx.update(creditLedger).set({ balanceAfter: account.balance }).where(eq(creditLedger.id, entry.id));
  return { balance: account.balance, applied: true };
}
