import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { notificationMails, pushSends } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import type { AppServices } from '../../services.ts';

/** Notifications about other members a member gets in 24 hours at most, on each channel counted apart. */
const DAILY_NOTIFICATION_CAP = 10;

/** A channel's table of claims (its sent marks): a mail's, a push's. */
type ClaimTable = typeof notificationMails | typeof pushSends;

export type NotificationClaim = {
  key: string;
  userId: number;
  conversationId: number | null;
  /** Not a second claim about the conversation since then (the member's last visit); none: no such rule. */
  conversationSince?: Date;
};

/**
 * One claim of a notification on a channel, by the flood rules both channels share: under a lock
 * on the member and the channel (their claims decide one at a time), not a second one about a
 * conversation until the member came back, not beyond the daily cap. A claim of the key made
 * before is the channel's to answer (`before`: a mail sent or still to hand over, the devices a push
 * reached); otherwise `insert` writes the claim. Answers what `before` or `insert` answered, or
 * null when the rules refuse it.
 */
export async function claimNotification<Claimed>(
  services: Pick<AppServices, 'db' | 'now'>,
  channel: {
    table: ClaimTable;
    /** Names the member's lock: one per channel, so a mail and a push do not wait for each other. */
    lockName: string;
    before: (tx: Tx) => Promise<Claimed | null | undefined>;
    insert: (tx: Tx, claimedAt: Date) => Promise<Claimed>;
  },
  claim: NotificationClaim,
): Promise<Claimed | null> {
  const now = services.now();
  const { table } = channel;
  return services.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${channel.lockName}:${claim.userId}`}, 0))`,
    );
    const before = await channel.before(tx);
    if (before !== undefined) return before;
    const [counts] = (
      await tx.execute<{ conversation: boolean; today: number }>(sql`
        select ${
          claim.conversationId !== null && claim.conversationSince
            ? sql`exists (select 1 from ${table} where ${table.userId} = ${claim.userId}
                and ${table.conversationId} = ${claim.conversationId} and ${table.claimedAt} > ${claim.conversationSince})`
            : sql`false`
        } as conversation,
        (select count(*)::int from ${table} where ${table.userId} = ${claim.userId}
          and ${table.claimedAt} > ${new Date(now.getTime() - DAY_MS)}) as today`)
    ).rows;
    if (!counts || counts.conversation || counts.today >= DAILY_NOTIFICATION_CAP) return null;
    return channel.insert(tx, now);
  });
}
