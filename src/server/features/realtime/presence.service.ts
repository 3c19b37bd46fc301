import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { memberPresence } from '../../db/schema/index.ts';
import { touchLastActive } from '../auth/accounts.service.ts';
import { announcePresence } from '../chat/chat.service.ts';
import { freshSince, isOnline, PRESENCE } from './presence.online.ts';

type PresenceDeps = { db: Database };

/**
 * One change of a member's presence at a time, across instances: a tab opening on one while the
 * last closes on another would otherwise each miss the other's uncommitted row, and the partners
 * would hear "offline" of a member who is online.
 */
async function lockPresenceOf(tx: Queryable, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`presence:${userId}`}, 0))`);
}

/**
 * The member's first socket on this instance opened: the instance's row is stamped, and where no
 * instance had the member online before, their conversation partners hear that they came online
 * (chat's announcePresence decides who may).
 */
export async function markOnline(deps: PresenceDeps, instance: string, userId: number, now: Date) {
  await deps.db.transaction(async (tx) => {
    await lockPresenceOf(tx, userId);
    const before = await isOnline(tx, userId, now);
    await tx
      .insert(memberPresence)
      .values({ userId, instance, seenAt: now })
      .onConflictDoUpdate({ target: [memberPresence.userId, memberPresence.instance], set: { seenAt: now } });
    await touchLastActive(tx, [userId], now, PRESENCE.lastActiveEveryMs);
    if (!before) await announcePresence(tx, userId, true);
  });
}

/**
 * The member's last socket on this instance closed: the instance's row goes, and where no other
 * instance still holds a socket of theirs, their partners hear that they went offline.
 */
export async function markOffline(deps: PresenceDeps, instance: string, userId: number, now: Date) {
  await deps.db.transaction(async (tx) => {
    await lockPresenceOf(tx, userId);
    await tx
      .delete(memberPresence)
      .where(and(eq(memberPresence.userId, userId), eq(memberPresence.instance, instance)));
    if (!(await isOnline(tx, userId, now))) await announcePresence(tx, userId, false);
  });
}

/**
 * The round of a hub: its rows stamped again (an update only, so a member whose last socket closed
 * meanwhile is not brought back), their members' last_active_at kept fresh (throttled), and rows
 * that no instance stamps any more swept. The instance's rows are its online members: no list of
 * ids travels.
 */
export async function refreshPresence(deps: PresenceDeps, instance: string, now: Date): Promise<void> {
  const stamped = await deps.db
    .update(memberPresence)
    .set({ seenAt: now })
    .where(eq(memberPresence.instance, instance))
    .returning({ userId: memberPresence.userId });
  await touchLastActive(
    deps.db,
    stamped.map((row) => row.userId),
    now,
    PRESENCE.lastActiveEveryMs,
  );
  await deps.db.delete(memberPresence).where(lt(memberPresence.seenAt, freshSince(now)));
}

/** The erased member's rows (their sockets closed with the session; this is for a row a crash left). */
export async function erasePresenceOf(db: Queryable, userId: number): Promise<void> {
  await db.delete(memberPresence).where(eq(memberPresence.userId, userId));
}
