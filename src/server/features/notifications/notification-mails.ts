import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAIL_STOPPING_REASONS } from '../../../shared/contracts/notifications.ts';
import { isLocale } from '../../../shared/i18n/locales.ts';
import { countryTimeZone } from '../../../shared/time-zones.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import {
  blocks,
  conversationMembers,
  notificationMails,
  notificationPreferences,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import { companyOf } from '../company/company.service.ts';
import { enqueuePush } from '../push/push-jobs.ts';
import { onlineSql } from '../realtime/presence.online.ts';
import { bounceAddress } from './bounce-address.ts';
import { renderNotificationMail, TYPE_OF_MAIL } from './notification-mail.template.ts';
import { preferencesOf } from './preferences.service.ts';
import { afterQuietHours } from './quiet-hours.ts';
import { unsubscribeUrl } from './unsubscribe-links.ts';

/** Mails about other members a member gets in 24 hours at most; what comes after waits for tomorrow's events. */
export const DAILY_MAIL_CAP = 10;

const NotificationMailSchema = z.object({
  kind: z.enum(['new_message', 'new_conversation', 'like', 'match']),
  recipientId: z.number().int().positive(),
  /** The member the mail is about: the sender, the liker, the match. */
  aboutId: z.number().int().positive(),
  conversationId: z.number().int().positive().nullable(),
  seq: z.number().int().positive().nullable(),
  /** Held over the night once already (quiet hours): the morning's job is not held again. */
  held: z.boolean().default(false),
});
export type NotificationMailJob = z.infer<typeof NotificationMailSchema>;

export const NOTIFICATION_MAIL_JOB = defineJob({
  name: 'notification-mail',
  payload: NotificationMailSchema,
});

const keyOf = (job: NotificationMailJob) =>
  job.conversationId !== null
    ? `message:${job.conversationId}:${job.seq}:${job.recipientId}`
    : `${job.kind}:${job.aboutId}:${job.recipientId}`;

type Enqueue = Pick<AppServices, 'enqueue'>;

/**
 * The mails a stored message may cause, enqueued in the send's transaction (the outbox): the job
 * exists if and only if the message does. Whether a mail leaves is decided when the job runs.
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
  for (const message of first.values()) {
    const job: NotificationMailJob = {
      kind: message.seq === 1 ? 'new_conversation' : 'new_message',
      recipientId: message.recipientId,
      aboutId: message.senderId,
      conversationId: message.conversationId,
      seq: message.seq,
      held: false,
    };
    await services.enqueue(NOTIFICATION_MAIL_JOB, job, { tx, dedupeKey: keyOf(job) });
    await enqueuePush(services, tx, job);
  }
}

/** A new like's mails, in the like's transaction: the liked member hears of a like, both of a match. */
export async function enqueueLikeMails(
  services: Enqueue,
  tx: Queryable,
  like: { likerId: number; likedId: number; match: boolean },
): Promise<void> {
  const jobs: NotificationMailJob[] = like.match
    ? [
        {
          kind: 'match',
          recipientId: like.likedId,
          aboutId: like.likerId,
          conversationId: null,
          seq: null,
          held: false,
        },
        {
          kind: 'match',
          recipientId: like.likerId,
          aboutId: like.likedId,
          conversationId: null,
          seq: null,
          held: false,
        },
      ]
    : [
        {
          kind: 'like',
          recipientId: like.likedId,
          aboutId: like.likerId,
          conversationId: null,
          seq: null,
          held: false,
        },
      ];
  for (const job of jobs) {
    await services.enqueue(NOTIFICATION_MAIL_JOB, job, { tx, dedupeKey: keyOf(job) });
    await enqueuePush(services, tx, job);
  }
}

type MailFacts = {
  email: string;
  name: string;
  language: string;
  country: string | null;
  recipient_ok: boolean;
  disabled: string[];
  pref_email: string[] | null;
  pref_push: string[] | null;
  last_active_at: Date;
  online: boolean;
  about_name: string | null;
  about_seen: boolean;
  blocked: boolean;
  read: boolean;
};

/** Everything the rules ask, in one statement. */
async function readFacts(db: Queryable, job: NotificationMailJob, now: Date): Promise<MailFacts | undefined> {
  const about = sql`(select * from ${users} where ${users.id} = ${job.aboutId})`;
  // A message keeps its sender reachable to the partner while invisible (docs/decisions/0024); a
  // like or a match from an invisible member stays untold until they are visible again.
  const aboutSeen =
    job.conversationId !== null
      ? sql`a.status in ('active', 'not_confirmed') and a.deleted_at is null`
      : sql`a.status = 'active' and not a.invisible and a.deleted_at is null`;
  const read =
    job.conversationId !== null
      ? sql`exists (select 1 from ${conversationMembers} cm where cm.conversation_id = ${job.conversationId}
          and cm.member_id = ${job.recipientId} and cm.last_read_seq >= ${job.seq})`
      : sql`false`;
  const { rows } = await db.execute<MailFacts>(sql`
    select u.email, u.name, u.language, p.country,
      (u.status = 'active' and u.deleted_at is null and u.erased_at is null and u.email_confirmed_at is not null) as recipient_ok,
      u.notifications_disabled as disabled,
      np.email as pref_email, np.push as pref_push,
      u.last_active_at,
      ${onlineSql(sql`u.id`, now)} as online,
      a.name as about_name,
      coalesce(${aboutSeen}, false) as about_seen,
      exists (select 1 from ${blocks} b where (b.blocker_id = u.id and b.blocked_id = ${job.aboutId})
        or (b.blocker_id = ${job.aboutId} and b.blocked_id = u.id)) as blocked,
      ${read} as read
    from ${users} u
    left join ${profiles} p on p.user_id = u.id
    left join ${notificationPreferences} np on np.user_id = u.id
    left join ${about} a on true
    where u.id = ${job.recipientId}`);
  const row = rows[0];
  return row ? { ...row, last_active_at: new Date(row.last_active_at) } : undefined;
}

/** Why no mail leaves for this job (null: it may). */
function refusal(facts: MailFacts, job: NotificationMailJob): string | null {
  if (!facts.recipient_ok) return 'recipient';
  if (facts.disabled.some((r) => (MAIL_STOPPING_REASONS as readonly string[]).includes(r))) return 'disabled';
  const stored =
    facts.pref_email && facts.pref_push ? { email: facts.pref_email, push: facts.pref_push } : undefined;
  const type = TYPE_OF_MAIL[job.kind];
  if (!preferencesOf(stored as Parameters<typeof preferencesOf>[0])[type].email) return 'preference';
  if (!facts.about_seen || facts.blocked) return 'not_visible';
  // Open in a tab right now (the member sees it arrive), or read already.
  if (facts.online || facts.read) return 'seen';
  return null;
}

/**
 * Claims the mail under a lock on the recipient (their jobs decide one at a time): not when it was
 * claimed before (a retry after the hand-over, a second delivery of the job), not a second mail about
 * a conversation until the member came back, not beyond the daily cap. Answers whether it was claimed.
 */
async function claim(
  services: Pick<AppServices, 'db' | 'now'>,
  job: NotificationMailJob,
  lastActiveAt: Date,
): Promise<boolean> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`notification-mail:${job.recipientId}`}, 0))`,
    );
    const [counts] = (
      await tx.execute<{ known: boolean; conversation: boolean; today: number }>(sql`
        select exists (select 1 from ${notificationMails} where ${notificationMails.key} = ${keyOf(job)}) as known,
          ${
            job.conversationId !== null
              ? sql`exists (select 1 from ${notificationMails} where ${notificationMails.userId} = ${job.recipientId}
                  and ${notificationMails.conversationId} = ${job.conversationId} and ${notificationMails.claimedAt} > ${lastActiveAt})`
              : sql`false`
          } as conversation,
          (select count(*)::int from ${notificationMails} where ${notificationMails.userId} = ${job.recipientId}
            and ${notificationMails.claimedAt} > ${new Date(now.getTime() - 86_400_000)}) as today`)
    ).rows;
    if (!counts || counts.known || counts.conversation || counts.today >= DAILY_MAIL_CAP) return false;
    await tx.insert(notificationMails).values({
      key: keyOf(job),
      userId: job.recipientId,
      kind: job.kind,
      conversationId: job.conversationId,
      claimedAt: now,
    });
    return true;
  });
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
  const facts = await readFacts(services.db, job, now);
  if (!facts) return 'recipient';
  const refused = refusal(facts, job);
  if (refused) return refused;
  if (!job.held) {
    const morning = afterQuietHours(now, countryTimeZone(facts.country ?? ''));
    if (morning.getTime() > now.getTime()) {
      const held = { ...job, held: true };
      await services.enqueue(NOTIFICATION_MAIL_JOB, held, {
        runAt: morning,
        dedupeKey: `${keyOf(job)}:held`,
      });
      return 'held';
    }
  }
  if (!(await claim(services, job, facts.last_active_at))) return 'flood';
  try {
    const domain = new URL(services.env.publicUrl).hostname;
    const [values, company, unsubscribe, returnPath] = await Promise.all([
      services.settings.getValues(domain),
      companyOf(services).get(),
      unsubscribeUrl(services, job.recipientId, TYPE_OF_MAIL[job.kind]),
      bounceAddress(services, job.recipientId),
    ]);
    const link =
      job.kind === 'new_message' || job.kind === 'new_conversation'
        ? `${services.env.publicUrl}/chats/${job.conversationId}`
        : job.kind === 'like'
          ? `${services.env.publicUrl}/likes`
          : `${services.env.publicUrl}/members/${job.aboutId}`;
    await services.mailer.send({
      ...renderNotificationMail(services, job.kind, {
        to: facts.email,
        locale: isLocale(facts.language) ? facts.language : 'nl',
        recipientName: facts.name,
        otherName: facts.about_name ?? '',
        siteName: values.name,
        company,
        link,
        preferencesUrl: `${services.env.publicUrl}/notifications`,
        unsubscribeUrl: unsubscribe,
        replyTo: values.support_email,
      }),
      envelopeFrom: returnPath,
    });
    return 'sent';
  } catch (error) {
    await services.db.delete(notificationMails).where(eq(notificationMails.key, keyOf(job)));
    throw error;
  }
}

/** The erasure of an account: its sent marks go. */
export async function removeMailsOf(db: Pick<Tx, 'delete'>, userId: number): Promise<void> {
  await db.delete(notificationMails).where(eq(notificationMails.userId, userId));
}
