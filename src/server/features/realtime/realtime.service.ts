import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type ServerEvent, ServerEventSchema } from '../../../shared/realtime/events.ts';
import type { Queryable } from '../../db/client.ts';
import { type BusEvent, defineChannel, event, notifySql, publish } from '../../lib/event-bus.ts';

/**
 * An event for every open tab of a member, on whichever instance holds the tab: each instance
 * hears it and delivers it to its own sockets of that member.
 */
export const realtimeMember = defineChannel(
  'realtime_member',
  z.object({ userId: z.number().int().positive(), event: ServerEventSchema }),
);

/**
 * Tells a member's open tabs about a change. Given the change's transaction, the tabs hear of it
 * only when it commits (a like that rolls back is never announced); features call this inside
 * their transactions rather than after them, so a crash between the two cannot lose the event.
 */
export async function sendToMember(db: Queryable, userId: number, event: ServerEvent): Promise<void> {
  await publish(db, realtimeMember, { userId, event });
}

/** sendToMember's event, to publish with others in one statement (event-bus.ts publishAll). */
export function memberEvent(userId: number, serverEvent: ServerEvent): BusEvent {
  return event(realtimeMember, { userId, event: serverEvent });
}

/**
 * memberEvent made by the statement that makes the change (event-bus.ts notifySql): `userId` and
 * `serverEvent` are SQL, the event a jsonb of a ServerEvent.
 */
export const memberEventSql = (userId: SQL, serverEvent: SQL) =>
  notifySql(realtimeMember, sql`jsonb_build_object('userId', ${userId}, 'event', ${serverEvent})::text`);
