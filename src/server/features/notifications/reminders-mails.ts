import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { blocks, conversationMembers, messages, users } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import {
  type MailDeliveryServices,
  type Recipient,
  recipientColumns,
  recipientJoins,
  recipientRefusal,
  sendScheduledMail,
} from './notification-mail-delivery.ts';

/** A reminder a day after the first unread message, another after three days, and none after that. */
export const REMINDER_AFTER_DAYS = [1, 3] as const;
/** Unread for longer than this: the conversation is not reminded of any more (a first run after a long pause). */
const REMINDER_WINDOW_DAYS = 7;

/** Hourly: a reminder that waited for the morning (quiet hours) goes in the first hour after it. */
export const UNREAD_REMINDERS_JOB = defineJob({
  name: 'unread-message-reminders',
  payload: z.object({}),
  cron: '7 * * * *',
});

type Services = MailDeliveryServices & Pick<AppServices, 'log'>;

type Unread = {
  member_id: number;
  conversation_id: number;
  first_seq: number;
  since: Date;
  partner_id: number;
  partner_name: string;
  partner_seen: boolean;
  blocked: boolean;
};

/**
 * The reminders of unread messages: for each conversation whose first unread message from the
 * partner is a day old, a reminder; at three days a second; then none, until the member reads and a
 * new message starts it again (the key names the first unread message). Not while the member is
 * online, not about a partner they may not see or have blocked, only with the switch on, within the
 * daily cap and outside the member's night. Answers how many left.
 */
export async function sendUnreadReminders(services: Services): Promise<number> {
  const now = services.now();
  // The recipient's columns in the same statement: a member with several unread conversations is
  // read once, not once per conversation.
  const { rows } = await services.db.execute<Unread & Recipient>(sql`
    select ${recipientColumns(now)}, cm.member_id, cm.conversation_id, m.seq as first_seq, m.created_at as since,
      m.sender_id as partner_id, a.name as partner_name,
      (a.status in ('active', 'not_confirmed') and a.deleted_at is null) as partner_seen,
      exists (select 1 from ${blocks} b where (b.blocker_id = cm.member_id and b.blocked_id = m.sender_id)
        or (b.blocker_id = m.sender_id and b.blocked_id = cm.member_id)) as blocked
    from ${conversationMembers} cm
    join lateral (
      select ${messages.seq} as seq, ${messages.createdAt} as created_at, ${messages.senderId} as sender_id
      from ${messages}
      where ${messages.conversationId} = cm.conversation_id and ${messages.seq} > cm.last_read_seq
        and ${messages.senderId} <> cm.member_id
      order by ${messages.seq} limit 1
    ) m on true
    join ${users} a on a.id = m.sender_id
    join ${users} u on u.id = cm.member_id ${recipientJoins}
    where m.created_at <= ${new Date(now.getTime() - REMINDER_AFTER_DAYS[0] * DAY_MS)}
      and m.created_at > ${new Date(now.getTime() - REMINDER_WINDOW_DAYS * DAY_MS)}`);
  let sent = 0;
  for (const unread of rows) {
    if (!unread.partner_seen || unread.blocked) continue;
    const age = now.getTime() - new Date(unread.since).getTime();
    const stage = REMINDER_AFTER_DAYS.filter((days) => age >= days * DAY_MS).length;
    const recipient = { ...unread, last_active_at: new Date(unread.last_active_at) };
    if (recipientRefusal(recipient, 'unread_message_reminders') || recipient.online) continue;
    const left = await sendScheduledMail(services, recipient, {
      key: `reminder:${unread.conversation_id}:${unread.first_seq}:${stage}:${unread.member_id}`,
      userId: unread.member_id,
      kind: 'unread_reminder',
      conversationId: unread.conversation_id,
      otherName: unread.partner_name,
      path: `/chats/${unread.conversation_id}`,
    });
    if (left) sent += 1;
  }
  return sent;
}
