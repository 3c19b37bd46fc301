import { eq } from 'drizzle-orm';
import type { LanderSource } from '../../../shared/contracts/landers.ts';
import type { Tx } from '../../db/client.ts';
import { trackingRecords } from '../../db/schema/index.ts';
import { type TrafficSource, toTrackingRecord } from '../../lib/traffic-source.ts';

/*
 * The traffic source an account signed up through is part of the account (auth's own table): it is
 * written once, in the sign-up's transaction, and erased with the account's other auth rows. The
 * back office's figures will read it through here.
 */

/** Stores where a new account came from, in the sign-up's transaction. */
export async function recordTrafficSource(
  tx: Tx,
  userId: number,
  source: TrafficSource | undefined,
  lander: LanderSource | undefined,
): Promise<void> {
  if (!source && !lander) return;
  await tx.insert(trackingRecords).values({
    userId,
    ...toTrackingRecord(source ?? {}),
    lander: lander?.lander ?? null,
    slug: lander?.slug ?? null,
  });
}

/** The traffic source of an account being erased (the erasure's transaction). */
export async function eraseTrackingRecordOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(trackingRecords).where(eq(trackingRecords.userId, userId));
}
