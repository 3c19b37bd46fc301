import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { blocks, conversationMembers, users } from '../../db/schema/index.ts';
import { type Recipient, recipientColumns, recipientJoins } from './notification-mail-delivery.ts';

/**
 * An event a member may be told of, by mail and by push: each channel's job carries it and decides
 * by the same facts and rules when it runs (its own claim and cap, its own sent mark).
 */
export const NotificationEventSchema = z.object({
  kind: z.enum(['new_message', 'new_conversation', 'like', 'match']),
  recipientId: z.number().int().positive(),
  /** The member it is about: the sender, the liker, the match. */
  aboutId: z.number().int().positive(),
  conversationId: z.number().int().positive().nullable(),
  seq: z.number().int().positive().nullable(),
});
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

/** The event once: a message per recipient, a like or a match per pair (each channel's sent mark). */
export const eventKeyOf = (event: NotificationEvent) =>
  event.conversationId !== null
    ? `message:${event.conversationId}:${event.seq}:${event.recipientId}`
    : `${event.kind}:${event.aboutId}:${event.recipientId}`;

/** The page the event opens: the conversation, the likes, the match's profile. */
export function eventPath(event: NotificationEvent): string {
  if (event.conversationId !== null) return `/chats/${event.conversationId}`;
  return event.kind === 'like' ? '/likes' : `/members/${event.aboutId}`;
}

export type EventFacts = Recipient & {
  about_name: string | null;
  about_seen: boolean;
  blocked: boolean;
  read: boolean;
};

/** Everything the rules of both channels ask, in one statement. */
export async function readEventFacts(
  db: Queryable,
  event: NotificationEvent,
  now: Date,
): Promise<EventFacts | undefined> {
  const about = sql`(select * from ${users} where ${users.id} = ${event.aboutId})`;
  // A message keeps its sender reachable to the partner while invisible (docs/decisions/0024); a
  // like or a match from an invisible member stays untold until they are visible again.
  const aboutSeen =
    event.conversationId !== null
      ? sql`a.status in ('active', 'not_confirmed') and a.deleted_at is null`
      : sql`a.status = 'active' and not a.invisible and a.deleted_at is null`;
  const read =
    event.conversationId !== null
      ? sql`exists (select 1 from ${conversationMembers} cm where cm.conversation_id = ${event.conversationId}
          and cm.member_id = ${event.recipientId} and cm.last_read_seq >= ${event.seq})`
      : sql`false`;
  const { rows } = await db.execute<EventFacts>(sql`
    select ${recipientColumns(now)},
      a.name as about_name,
      coalesce(${aboutSeen}, false) as about_seen,
      exists (select 1 from ${blocks} b where (b.blocker_id = u.id and b.blocked_id = ${event.aboutId})
        or (b.blocker_id = ${event.aboutId} and b.blocked_id = u.id)) as blocked,
      ${read} as read
    from ${users} u
    ${recipientJoins}
    left join ${about} a on true
    where u.id = ${event.recipientId}`);
  const row = rows[0];
  return row ? { ...row, last_active_at: new Date(row.last_active_at) } : undefined;
}

/** What the event itself allows, on either channel (null: tell): the other member may be seen, and it is not read yet. */
export function eventRefusal(facts: EventFacts): string | null {
  if (!facts.about_seen || facts.blocked) return 'not_visible';
  if (facts.read) return 'seen';
  return null;
}
