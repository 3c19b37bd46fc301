import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { memberPresence } from '../../db/schema/index.ts';

export const PRESENCE = {
  /** How often a hub stamps again the members it holds sockets of. */
  refreshMs: 60_000,
  /**
   * A stamp older than this is no longer online: its instance stopped stamping (a crash, a kill)
   * and could not say so. Two and a half rounds, so one late round does not blink a member off.
   */
  staleMs: 150_000,
  /** last_active_at of an online member is written at most this often. */
  lastActiveEveryMs: 5 * 60_000,
} as const;

/** The oldest stamp that still counts as online at `now`. */
export const freshSince = (now: Date) => new Date(now.getTime() - PRESENCE.staleMs);

/**
 * Whether the member has a socket open on any instance, as SQL. Only the fact: whether a viewer
 * may learn it (not of an invisible, blocked or leaving member) is the caller's to decide.
 */
export function onlineSql(userId: AnyPgColumn | SQL, now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${memberPresence} where ${memberPresence.userId} = ${userId}
    and ${memberPresence.seenAt} > ${freshSince(now)})`;
}

/** Whether the member has a socket open on any instance now (the fact only, as onlineSql). */
export async function isOnline(db: Queryable, userId: number, now: Date): Promise<boolean> {
  const { rows } = await db.execute<{ online: boolean }>(
    sql`select ${onlineSql(sql`${userId}`, now)} as online`,
  );
  return rows[0]?.online === true;
}
