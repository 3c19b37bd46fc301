import { asc, eq, sql } from 'drizzle-orm';
import type { LanderSource } from '../../../shared/contracts/landers.ts';
import type { Queryable } from '../../db/client.ts';
import { attributionDays, trackingRecords } from '../../db/schema/index.ts';
import { type TrafficSource, toTrackingRecord } from '../../lib/traffic-source.ts';

/*
 * What advertising brought, counted per source and UTC day as it happens: each count is one
 * upsert in the transaction of what it counts (a sign-up, an activation, a payment), so a count
 * and its cause are stored together or not at all. A sign-up's source is the account's tracking
 * record (auth's table, read here); the later events look it up by the account.
 */

type SourceKey = { network: string; sub1: string; lander: string; slug: string };
type Counter = 'visits' | 'signups' | 'confirmed' | 'firstPurchases';

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

function keyOf(source: TrafficSource | undefined, lander: LanderSource | undefined): SourceKey {
  const tracking = source ? toTrackingRecord(source) : undefined;
  return {
    network: tracking?.network ?? '',
    sub1: tracking?.sub1 ?? '',
    lander: lander?.lander ?? '',
    slug: lander?.slug ?? '',
  };
}

async function count(
  db: Queryable,
  key: SourceKey,
  counter: Counter,
  now: Date,
  revenue?: { cents: number; currency: string },
) {
  const column = attributionDays[counter];
  const revenueAdded = revenue
    ? sql`jsonb_set(${attributionDays.revenue}, ARRAY[${revenue.currency}]::text[],
        to_jsonb(coalesce((${attributionDays.revenue} ->> ${revenue.currency})::bigint, 0) + ${revenue.cents}))`
    : sql`${attributionDays.revenue}`;
  await db
    .insert(attributionDays)
    .values({
      day: dayOf(now),
      ...key,
      [counter]: 1,
      revenue: revenue ? { [revenue.currency]: revenue.cents } : {},
    })
    .onConflictDoUpdate({
      target: [
        attributionDays.day,
        attributionDays.network,
        attributionDays.sub1,
        attributionDays.lander,
        attributionDays.slug,
      ],
      set: { [counter]: sql`${column} + 1`, revenue: revenueAdded },
    });
}

/** A page view of a lander or an advertising entry (the visit beacon). */
export async function recordLanderVisit(
  db: Queryable,
  source: TrafficSource | undefined,
  lander: LanderSource,
  now: Date,
): Promise<void> {
  await count(db, keyOf(source, lander), 'visits', now);
}

/** A new account, in the sign-up's transaction, under the source it came with (or none). */
export async function recordSignupAttribution(
  tx: Queryable,
  source: TrafficSource | undefined,
  lander: LanderSource | undefined,
  now: Date,
): Promise<void> {
  await count(tx, keyOf(source, lander), 'signups', now);
}

async function sourceOfAccount(tx: Queryable, userId: number): Promise<SourceKey> {
  const [row] = await tx
    .select({
      network: trackingRecords.network,
      sub1: trackingRecords.sub1,
      lander: trackingRecords.lander,
      slug: trackingRecords.slug,
    })
    .from(trackingRecords)
    .where(eq(trackingRecords.userId, userId));
  return {
    network: row?.network ?? '',
    sub1: row?.sub1 ?? '',
    lander: row?.lander ?? '',
    slug: row?.slug ?? '',
  };
}

/** An address confirmed for the first time, in the activation's transaction. */
export async function recordConfirmationAttribution(tx: Queryable, userId: number, now: Date): Promise<void> {
  await count(tx, await sourceOfAccount(tx, userId), 'confirmed', now);
}

/** A member's first purchase and what it brought, in the payment's transaction. */
export async function recordFirstPurchaseAttribution(
  tx: Queryable,
  userId: number,
  revenue: { cents: number; currency: string },
  now: Date,
): Promise<void> {
  await count(tx, await sourceOfAccount(tx, userId), 'firstPurchases', now, revenue);
}

export type AttributionRow = typeof attributionDays.$inferSelect;

/** Every counted day and source, oldest first (the CSV; the back office will chart them). */
export async function listAttribution(db: Queryable): Promise<AttributionRow[]> {
  return db
    .select()
    .from(attributionDays)
    .orderBy(
      asc(attributionDays.day),
      asc(attributionDays.network),
      asc(attributionDays.sub1),
      asc(attributionDays.lander),
      asc(attributionDays.slug),
    );
}
