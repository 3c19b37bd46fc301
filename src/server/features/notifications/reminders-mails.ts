import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAIL_STOPPING_REASONS, type NotificationType } from '../../../shared/contracts/notifications.ts';
import { isLocale } from '../../../shared/i18n/locales.ts';
import { countryTimeZone } from '../../../shared/time-zones.ts';
import type { Queryable } from '../../db/client.ts';
import {
  blocks,
  conversationMembers,
  messages,
  notificationMails,
  notificationPreferences,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import { companyOf } from '../company/company.service.ts';
import { onlineSql } from '../realtime/presence.online.ts';
import { bounceAddress } from './bounce-address.ts';
import {
  type NotificationMailKind,
  renderNotificationMail,
  TYPE_OF_MAIL,
} from './notification-mail.template.ts';
import { DAILY_MAIL_CAP } from './notification-mails.ts';
import { preferencesOf } from './preferences.service.ts';
import { afterQuietHours } from './quiet-hours.ts';
import { unsubscribeUrl } from './unsubscribe-links.ts';

const DAY_MS = 86_400_000;
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

type Services = Pick<
  AppServices,
  'db' | 'now' | 'env' | 'state' | 'settings' | 'translations' | 'mailer' | 'log'
>;

/** What every mail to a member asks of them first, in one row. */
export type RecipientFacts = {
  email: string;
  name: string;
  language: string;
  country: string | null;
  mailable: boolean;
  online: boolean;
};

/** The recipient as the rules see them: an active confirmed account whose mail is not stopped and whose switch is on. */
export async function readRecipient(
  db: Queryable,
  userId: number,
  type: NotificationType,
  now: Date,
): Promise<RecipientFacts | undefined> {
  const { rows } = await db.execute<
    RecipientFacts & {
      ok: boolean;
      disabled: string[];
      pref_email: NotificationType[] | null;
      pref_push: NotificationType[] | null;
    }
  >(sql`
    select u.email, u.name, u.language, p.country,
      (u.status = 'active' and u.deleted_at is null and u.erased_at is null and u.email_confirmed_at is not null) as ok,
      u.notifications_disabled as disabled, np.email as pref_email, np.push as pref_push,
      ${onlineSql(sql`u.id`, now)} as online
    from ${users} u
    left join ${profiles} p on p.user_id = u.id
    left join ${notificationPreferences} np on np.user_id = u.id
    where u.id = ${userId}`);
  const row = rows[0];
  if (!row) return undefined;
  const stored = row.pref_email && row.pref_push ? { email: row.pref_email, push: row.pref_push } : undefined;
  const mailable =
    row.ok &&
    !row.disabled.some((r) => (MAIL_STOPPING_REASONS as readonly string[]).includes(r)) &&
    preferencesOf(stored)[type].email;
  return { ...row, mailable };
}

/**
 * Claims a mail by its key before the hand-over, under the lock the other notification mails of the
 * member take, counted against the same daily cap: a mail once claimed is never sent again.
 */
export async function claimMail(
  services: Pick<AppServices, 'db' | 'now'>,
  mail: { key: string; userId: number; kind: NotificationMailKind; conversationId: number | null },
): Promise<boolean> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`notification-mail:${mail.userId}`}, 0))`,
    );
    const [counts] = (
      await tx.execute<{ known: boolean; today: number }>(sql`
        select exists (select 1 from ${notificationMails} where ${notificationMails.key} = ${mail.key}) as known,
          (select count(*)::int from ${notificationMails} where ${notificationMails.userId} = ${mail.userId}
            and ${notificationMails.claimedAt} > ${new Date(now.getTime() - DAY_MS)}) as today`)
    ).rows;
    if (!counts || counts.known || counts.today >= DAILY_MAIL_CAP) return false;
    await tx.insert(notificationMails).values({ ...mail, claimedAt: now });
    return true;
  });
}

/**
 * Claims and hands over one mail in the one template, in the member's language, with its
 * unsubscribe link and signed return path. A failed hand-over gives the claim back, so the next run
 * tries again; answers whether it left.
 */
export async function sendClaimedMail(
  services: Services,
  recipient: RecipientFacts,
  mail: {
    key: string;
    userId: number;
    kind: NotificationMailKind;
    conversationId: number | null;
    otherName: string;
    link: string;
    lines?: (t: (key: string, vars?: Record<string, string | number>) => string) => string[];
  },
): Promise<boolean> {
  const now = services.now();
  // In the member's night: not now; the next hourly run finds it again in the morning.
  if (afterQuietHours(now, countryTimeZone(recipient.country ?? '')).getTime() > now.getTime()) return false;
  if (
    !(await claimMail(services, {
      key: mail.key,
      userId: mail.userId,
      kind: mail.kind,
      conversationId: mail.conversationId,
    }))
  )
    return false;
  try {
    const domain = new URL(services.env.publicUrl).hostname;
    const locale = isLocale(recipient.language) ? recipient.language : 'nl';
    const [values, company, unsubscribe, returnPath] = await Promise.all([
      services.settings.getValues(domain),
      companyOf(services).get(),
      unsubscribeUrl(services, mail.userId, TYPE_OF_MAIL[mail.kind]),
      bounceAddress(services, mail.userId),
    ]);
    const t = services.translations.t(locale, 'notifications');
    await services.mailer.send({
      ...renderNotificationMail(services, mail.kind, {
        to: recipient.email,
        locale,
        recipientName: recipient.name,
        otherName: mail.otherName,
        siteName: values.name,
        company,
        link: mail.link,
        preferencesUrl: `${services.env.publicUrl}/notifications`,
        unsubscribeUrl: unsubscribe,
        replyTo: values.support_email,
        lines: mail.lines?.((key, vars) => t(key, { site_name: values.name, ...vars })),
      }),
      envelopeFrom: returnPath,
    });
    return true;
  } catch (error) {
    await services.db.delete(notificationMails).where(eq(notificationMails.key, mail.key));
    services.log.error(
      { err: error, kind: mail.kind },
      'notification mail not handed over; tried again next run',
    );
    return false;
  }
}

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
  const { rows } = await services.db.execute<Unread>(sql`
    select cm.member_id, cm.conversation_id, m.seq as first_seq, m.created_at as since,
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
    where m.created_at <= ${new Date(now.getTime() - REMINDER_AFTER_DAYS[0] * DAY_MS)}
      and m.created_at > ${new Date(now.getTime() - REMINDER_WINDOW_DAYS * DAY_MS)}`);
  let sent = 0;
  for (const unread of rows) {
    if (!unread.partner_seen || unread.blocked) continue;
    const age = now.getTime() - new Date(unread.since).getTime();
    const stage = REMINDER_AFTER_DAYS.filter((days) => age >= days * DAY_MS).length;
    const recipient = await readRecipient(services.db, unread.member_id, 'unread_message_reminders', now);
    if (!recipient?.mailable || recipient.online) continue;
    const left = await sendClaimedMail(services, recipient, {
      key: `reminder:${unread.conversation_id}:${unread.first_seq}:${stage}:${unread.member_id}`,
      userId: unread.member_id,
      kind: 'unread_reminder',
      conversationId: unread.conversation_id,
      otherName: unread.partner_name,
      link: `${services.env.publicUrl}/chats/${unread.conversation_id}`,
    });
    if (left) sent += 1;
  }
  return sent;
}
