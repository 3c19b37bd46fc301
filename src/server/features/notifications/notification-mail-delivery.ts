import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { MAIL_STOPPING_REASONS, type NotificationType } from '../../../shared/contracts/notifications.ts';
import { isLocale } from '../../../shared/i18n/locales.ts';
import type { Queryable } from '../../db/client.ts';
import { notificationMails, notificationPreferences, profiles, users } from '../../db/schema/index.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { AppServices } from '../../services.ts';
import { companyOf } from '../company/company.service.ts';
import { onlineSql } from '../realtime/presence.online.ts';
import { bounceAddress } from './bounce-address.ts';
import { claimNotification } from './notification-claims.ts';
import {
  type NotificationMailKind,
  renderNotificationMail,
  TYPE_OF_MAIL,
} from './notification-mail.template.ts';
import { switchedOn } from './preferences.service.ts';
import { reachableAt } from './quiet-hours.ts';
import { unsubscribeUrl } from './unsubscribe-links.ts';

/**
 * How every notification mail leaves, whatever caused it (an event's job, the hourly reminders, the
 * weekly update): the recipient read once, a claim under the member's lock against the daily cap,
 * the one template with its unsubscribe link and signed return path, the claim given back when the
 * mail server refuses.
 */

/** Which channels may reach a member at all, as columns of `users u` (joined to their preferences `np`). */
export const channelColumns = sql`(u.status = 'active' and u.deleted_at is null and u.erased_at is null
    and u.email_confirmed_at is not null) as mailable,
  (u.status in ('active', 'not_confirmed') and u.deleted_at is null and u.erased_at is null) as reachable,
  u.notifications_disabled as disabled,
  np.email as pref_email, np.push as pref_push`;

/** What every mail to a member asks of them, as columns of `users u` (joined to their profile `p` and preferences `np`). */
export const recipientColumns = (now: Date): SQL => sql`u.email, u.name, u.language, p.country,
  ${channelColumns},
  u.last_active_at,
  ${onlineSql(sql`u.id`, now)} as online`;

/** The joins recipientColumns reads from, after `from users u`. */
export const recipientJoins = sql`left join ${profiles} p on p.user_id = u.id
  left join ${notificationPreferences} np on np.user_id = u.id`;

export type Recipient = {
  email: string;
  name: string;
  language: string;
  country: string | null;
  /** Active, the address confirmed, not leaving. */
  mailable: boolean;
  /** May get a push on a logged-in device: active or not yet confirmed, not leaving. */
  reachable: boolean;
  disabled: string[];
  pref_email: string[] | null;
  pref_push: string[] | null;
  last_active_at: Date;
  online: boolean;
};

/** What channelColumns reads. */
export type Channels = Pick<Recipient, 'mailable' | 'reachable' | 'disabled' | 'pref_email' | 'pref_push'>;

/** Why a mail of this type may not go to the member whoever it is about (null: it may). */
export function recipientRefusal(recipient: Channels, type: NotificationType): string | null {
  if (!recipient.mailable) return 'recipient';
  if (recipient.disabled.some((r) => (MAIL_STOPPING_REASONS as readonly string[]).includes(r)))
    return 'disabled';
  if (!switchedOn(recipient, type, 'email')) return 'preference';
  return null;
}

export async function readRecipient(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<Recipient | undefined> {
  const { rows } = await db.execute<Recipient>(sql`
    select ${recipientColumns(now)} from ${users} u ${recipientJoins} where u.id = ${userId}`);
  const row = rows[0];
  return row ? { ...row, last_active_at: new Date(row.last_active_at) } : undefined;
}

export type ClaimedMail = {
  key: string;
  userId: number;
  kind: NotificationMailKind;
  conversationId: number | null;
};

/**
 * Claims a mail by its key before the hand-over, by the shared flood rules (claimNotification):
 * not when sent before (a retry, a second delivery of the job), not a second mail about the
 * conversation since `conversationSince` (one until the member came back), not beyond the daily
 * cap. A claim of the same key that was never marked sent is answered yes again, past the flood
 * rules that counted it already: its hand-over died with its process, or is still going, which
 * handOverMail tells apart. Answers whether it was claimed.
 */
export async function claimMail(
  services: Pick<AppServices, 'db' | 'now'>,
  mail: ClaimedMail,
  conversationSince?: Date,
): Promise<boolean> {
  const claimed = await claimNotification(
    services,
    {
      table: notificationMails,
      lockName: 'notification-mail',
      before: async (tx) => {
        const [known] = await tx
          .select({ sent: sql<boolean>`${notificationMails.sentAt} is not null` })
          .from(notificationMails)
          .where(eq(notificationMails.key, mail.key));
        if (!known) return undefined;
        return known.sent ? null : true;
      },
      insert: async (tx, claimedAt) => {
        await tx.insert(notificationMails).values({ ...mail, claimedAt });
        return true;
      },
    },
    { key: mail.key, userId: mail.userId, conversationId: mail.conversationId, conversationSince },
  );
  return claimed === true;
}

export type MailDeliveryServices = Pick<
  AppServices,
  'db' | 'now' | 'env' | 'state' | 'settings' | 'translations' | 'mailer'
>;

/** What the one template needs besides the recipient: the mail's claim, who it is about, its page. */
export type NotificationMailContent = ClaimedMail & {
  otherName: string;
  /** The page the mail's button opens, from the site's root. */
  path: string;
  lines?: (t: (key: string, vars?: Record<string, string | number>) => string) => string[];
};

/**
 * The mail as it leaves: the one template in the member's language, the site's name and address,
 * the signed unsubscribe link and return path.
 */
export async function composeNotificationMail(
  services: Omit<MailDeliveryServices, 'mailer'>,
  recipient: Pick<Recipient, 'email' | 'name' | 'language'>,
  mail: NotificationMailContent,
): Promise<Mail> {
  const domain = new URL(services.env.publicUrl).hostname;
  const locale = isLocale(recipient.language) ? recipient.language : 'nl';
  const [values, company, unsubscribe, returnPath] = await Promise.all([
    services.settings.getValues(domain),
    companyOf(services).get(),
    unsubscribeUrl(services, mail.userId, TYPE_OF_MAIL[mail.kind]),
    bounceAddress(services, mail.userId),
  ]);
  const t = services.translations.t(locale, 'notifications');
  return {
    ...renderNotificationMail(services, mail.kind, {
      to: recipient.email,
      locale,
      recipientName: recipient.name,
      otherName: mail.otherName,
      siteName: values.name,
      company,
      link: `${services.env.publicUrl}${mail.path}`,
      preferencesUrl: `${services.env.publicUrl}/notifications`,
      unsubscribeUrl: unsubscribe,
      replyTo: values.support_email,
      lines: mail.lines?.((key, vars) => t(key, { site_name: values.name, ...vars })),
    }),
    envelopeFrom: returnPath,
  };
}

/** What a hand-over came to: sent now, sent by an attempt before, or in another attempt's hands. */
export type HandOver = 'sent' | 'sent_before' | 'busy';

/**
 * Hands a claimed mail to the mail server in the one template, in the member's language. The
 * claim's row stays locked for as long as the mail server has the mail, and is marked sent in the
 * same transaction once it took it: the lock is the hand-over's lease, gone with its connection when
 * the process dies, so a later attempt tells a hand-over still going (busy) from one that died
 * before the mark (sent again: docs/decisions/0045). A refusal gives the claim back (the next
 * attempt may send it) and is thrown to the caller.
 */
export async function handOverMail(
  services: MailDeliveryServices,
  recipient: Pick<Recipient, 'email' | 'name' | 'language'>,
  mail: NotificationMailContent,
): Promise<HandOver> {
  const composed = await composeNotificationMail(services, recipient, mail);
  try {
    // In turn: the transaction holds a database connection for as long as the mail server has the
    // mail, so no more of them than the mail pool has connections to take the mails.
    return await services.mailer.inTurn(() =>
      services.db.transaction(async (tx) => {
        const [claim] = (
          await tx.execute<{ sent: boolean }>(sql`
          select ${notificationMails.sentAt} is not null as sent from ${notificationMails}
          where ${notificationMails.key} = ${mail.key} for update skip locked`)
        ).rows;
        if (!claim) return 'busy';
        if (claim.sent) return 'sent_before';
        await services.mailer.send(composed);
        await tx
          .update(notificationMails)
          .set({ sentAt: services.now() })
          .where(eq(notificationMails.key, mail.key));
        return 'sent';
      }),
    );
  } catch (error) {
    await services.db
      .delete(notificationMails)
      .where(and(eq(notificationMails.key, mail.key), isNull(notificationMails.sentAt)));
    throw error;
  }
}

/**
 * A scheduled mail (a reminder, the weekly update): not in the member's night (the next hourly run
 * finds it again in the morning), claimed, handed over; a refused hand-over is logged and tried by
 * the next run. Answers whether it left.
 */
export async function sendScheduledMail(
  services: MailDeliveryServices & Pick<AppServices, 'log'>,
  recipient: Recipient,
  mail: Parameters<typeof handOverMail>[2],
): Promise<boolean> {
  const now = services.now();
  if (reachableAt(now, recipient.country).getTime() > now.getTime()) return false;
  const { key, userId, kind, conversationId } = mail;
  if (!(await claimMail(services, { key, userId, kind, conversationId }))) return false;
  try {
    // Busy: another run has it in hand; the next hour finds it sent, or handed over again.
    return (await handOverMail(services, recipient, mail)) === 'sent';
  } catch (error) {
    services.log.error(
      { err: error, kind: mail.kind },
      'notification mail not handed over; tried again next run',
    );
    return false;
  }
}
