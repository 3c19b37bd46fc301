import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable, Tx } from '../../db/client.ts';
import { notificationMails, notificationPreferences, users } from '../../db/schema/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import { enqueuePush, hasDeviceSql, recipientPushRefusal } from '../push/push-jobs.ts';
import { onlineSql } from '../realtime/presence.online.ts';
import {
  type EventFacts,
  eventKeyOf,
  eventPath,
  eventRefusal,
  type NotificationEvent,
  NotificationEventSchema,
  readEventFacts,
} from './notification-events.ts';
import { TYPE_OF_MAIL } from './notification-mail.template.ts';
import {
  type Channels,
  channelColumns,
  claimMail,
  handOverMail,
  recipientRefusal,
} from './notification-mail-delivery.ts';
import { reachableAt } from './quiet-hours.ts';

const NotificationMailSchema = NotificationEventSchema.extend({
  /** Held over the night once already (quiet hours): the morning's job is not held again. */
  held: z.boolean().default(false),
});
export type NotificationMailJob = z.infer<typeof NotificationMailSchema>;

export const NOTIFICATION_MAIL_JOB = defineJob({
  name: 'notification-mail',
  payload: NotificationMailSchema,
  // A batch's mails are handed over side by side, as many at once as the mail pool allows.
  parallel: true,
});

type Enqueue = Pick<AppServices, 'enqueue' | 'now'>;

/**
 * An event's mail and push jobs, in its transaction (the outbox): whether each leaves is decided
 * when it runs, but a job its recipient refuses whatever it is about (the channel switched off, a
 * bounced address, an account leaving, no device to push to) is not enqueued at all: each is an
 * insert in the sender's transaction and a turn of a worker for nothing. One read for the events.
 *
 * Nor for a recipient who is online (a socket open on any instance: the presence rows the hubs
 * write when a member's first socket opens and delete when the last closes, docs/decisions/0042):
 * the site open in front of them shows the message, the like, the match as it arrives, with the
 * tab's title, badge and sound, so a mail or a push about it would only repeat what they saw. Should
 * they leave without reading it, nothing is lost: the unread reminders bring them back a day later
 * (reminders-mails.ts). The jobs still decide again when they run, for a member who came online
 * between the enqueue and the run.
 */
async function enqueueEvents(services: Enqueue, tx: Queryable, events: NotificationEvent[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((event) => event.recipientId))];
  const { rows } = await tx.execute<Channels & { id: number; has_device: boolean; online: boolean }>(sql`
    select u.id, ${channelColumns}, ${hasDeviceSql} as has_device, ${onlineSql(sql`u.id`, services.now())} as online
    from ${users} u left join ${notificationPreferences} np on np.user_id = u.id
    where u.id in ${ids}`);
  const recipients = new Map(rows.map((row) => [Number(row.id), row]));
  for (const event of events) {
    const recipient = recipients.get(event.recipientId);
    if (!recipient || recipient.online) continue;
    const type = TYPE_OF_MAIL[event.kind];
    if (!recipientRefusal(recipient, type)) {
      const job: NotificationMailJob = { ...event, held: false };
      await services.enqueue(NOTIFICATION_MAIL_JOB, job, { tx, dedupeKey: eventKeyOf(job) });
    }
    if (recipient.has_device && !recipientPushRefusal(recipient, type))
      await enqueuePush(services, tx, event);
  }
}

/**
 * The mails a stored message may cause, enqueued in the send's transaction (the outbox): the job
 * exists only if the message does. Whether a mail leaves is decided when the job runs.
 */
export async function enqueueMessageMails(
  services: Enqueue,
  tx: Queryable,
  sent: readonly { recipientId: number; senderId: number; conversationId: number; seq: number }[],
): Promise<void> {
  // One job per partner and conversation of a set: a mail tells of the first unread message only
  // (one per conversation until the member is back), so the set's later ones would only be
  // refused by their job, each an insert in the send's transaction.
  const first = new Map<string, (typeof sent)[number]>();
  for (const message of sent) {
    const key = `${message.recipientId}:${message.conversationId}`;
    const known = first.get(key);
    if (!known || message.seq < known.seq) first.set(key, message);
  }
  await enqueueEvents(
    services,
    tx,
    [...first.values()].map((message) => ({
      kind: message.seq === 1 ? 'new_conversation' : 'new_message',
      recipientId: message.recipientId,
      aboutId: message.senderId,
      conversationId: message.conversationId,
      seq: message.seq,
    })),
  );
}

/** A new like's mails, in the like's transaction: the liked member hears of a like, both of a match. */
export async function enqueueLikeMails(
  services: Enqueue,
  tx: Queryable,
  like: { likerId: number; likedId: number; match: boolean },
): Promise<void> {
  const told = (kind: 'like' | 'match', recipientId: number, aboutId: number): NotificationEvent => ({
    kind,
    recipientId,
    aboutId,
    conversationId: null,
    seq: null,
  });
  await enqueueEvents(
    services,
    tx,
    like.match
      ? [told('match', like.likedId, like.likerId), told('match', like.likerId, like.likedId)]
      : [told('like', like.likedId, like.likerId)],
  );
}

/** Why no mail leaves for this job (null: it may). */
function refusal(facts: EventFacts, job: NotificationMailJob): string | null {
  // Open in a tab right now (the member sees it arrive) is as good as read, for a mail.
  return (
    recipientRefusal(facts, TYPE_OF_MAIL[job.kind]) ?? eventRefusal(facts) ?? (facts.online ? 'seen' : null)
  );
}

/**
 * The job: decide by the rules as they are now, hold a mail over the night, claim it, hand it to
 * the mail server. A failed hand-over gives the claim back and throws: pg-boss retries with backoff.
 */
export async function sendNotificationMail(
  services: Pick<
    AppServices,
    'db' | 'now' | 'env' | 'state' | 'settings' | 'translations' | 'mailer' | 'enqueue'
  >,
  job: NotificationMailJob,
): Promise<'sent' | 'held' | string> {
  const now = services.now();
  const facts = await readEventFacts(services.db, job, now);
  if (!facts) return 'recipient';
  const refused = refusal(facts, job);
  if (refused) return refused;
  if (!job.held) {
    const morning = reachableAt(now, facts.country);
    if (morning.getTime() > now.getTime()) {
      const held = { ...job, held: true };
      await services.enqueue(NOTIFICATION_MAIL_JOB, held, {
        runAt: morning,
        dedupeKey: `${eventKeyOf(job)}:held`,
      });
      return 'held';
    }
  }
  const mail = {
    key: eventKeyOf(job),
    userId: job.recipientId,
    kind: job.kind,
    conversationId: job.conversationId,
  };
  if (!(await claimMail(services, mail, facts.last_active_at))) return 'flood';
  // A refused hand-over gave the claim back: pg-boss retries the job with backoff.
  const handOver = await handOverMail(services, facts, {
    ...mail,
    otherName: facts.about_name ?? '',
    path: eventPath(job),
  });
  // Another attempt has it in hand (pg-boss ran the job again after its expiry): the retry finds
  // it sent, or given back, or that attempt dead.
  if (handOver === 'busy') throw new Error('notification mail: being handed over by another attempt');
  return handOver === 'sent_before' ? 'flood' : 'sent';
}

/** The erasure of an account: its sent marks go. */
export async function removeMailsOf(db: Pick<Tx, 'delete'>, userId: number): Promise<void> {
  await db.delete(notificationMails).where(eq(notificationMails.userId, userId));
}
