import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { directDebitBlocks } from '../../../db/schema/index.ts';
import { AppError } from '../../../plugins/errors.ts';

export type DirectDebitBlock = typeof directDebitBlocks.$inferSelect;
export type DirectDebitBlockReason = DirectDebitBlock['reason'];

/** The spec's text (section 8): the direct-debit form and a direct-debit purchase answer it. */
const directDebitBlocked = () =>
  new AppError('direct_debit_blocked', 403, 'Your account is blocked for direct debit payments.');

/**
 * Blocks a member from paying by direct debit. Runs in the caller's transaction (a reversal
 * blocks in the same transaction that records it). A member blocked already keeps the first
 * reason: the first reversal is what the back office needs to see.
 */
export async function blockDirectDebit(
  db: Queryable,
  block: { userId: number; reason: DirectDebitBlockReason; paymentId?: string | null; note?: string | null },
): Promise<void> {
  await db
    .insert(directDebitBlocks)
    .values({
      userId: block.userId,
      reason: block.reason,
      paymentId: block.paymentId ?? null,
      note: block.note ?? null,
    })
    .onConflictDoNothing();
}

/** The back office lifts a block (after the member paid what the reversal left open, say). */
export async function unblockDirectDebit(db: Queryable, userId: number): Promise<boolean> {
  const removed = await db
    .delete(directDebitBlocks)
    .where(eq(directDebitBlocks.userId, userId))
    .returning({ userId: directDebitBlocks.userId });
  return removed.length > 0;
}

export async function directDebitBlockOf(db: Queryable, userId: number): Promise<DirectDebitBlock | null> {
  const [block] = await db.select().from(directDebitBlocks).where(eq(directDebitBlocks.userId, userId));
  return block ?? null;
}

/** Throws the spec's refusal when the member is blocked; the one check every direct-debit path makes. */
export async function assertDirectDebitAllowed(db: Queryable, userId: number): Promise<void> {
  if (await directDebitBlockOf(db, userId)) throw directDebitBlocked();
}
