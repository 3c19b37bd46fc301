import { and, eq, inArray, or } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { conversations, users } from '../../db/schema/index.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { AppServices } from '../../services.ts';
import { accountMailLink } from '../auth/account-mail.ts';
import { ACCOUNT_MAIL_KINDS, renderAccountMail } from '../auth/auth.mails.ts';
import { COMPLAINT_MAIL_RECIPIENTS, renderComplaintMail } from '../complaints/complaints.service.ts';
import { MODERATION_NOTICES, renderModerationMail } from '../moderation/moderation.mails.ts';
import {
  NOTIFICATION_MAIL_KINDS,
  renderNotificationMail,
} from '../notifications/notification-mail.template.ts';
import { composeNotificationMail } from '../notifications/notification-mail-delivery.ts';
import { REMINDER_AFTER_DAYS } from '../notifications/reminders-mails.ts';
import { weeklyUpdateLines } from '../notifications/weekly-update.ts';
import { REPORT_OUTCOME_RESULTS, renderReportOutcomeMail } from '../reports/reports.jobs.ts';

/**
 * Every mail the site sends, as a sample for /dev/mail, rendered by the real templates from the
 * demo logins' data. The kinds come from each template's own list, so a new kind there is a new
 * sample here; a new template is added to SAMPLE_TEMPLATES and given its family below (the test
 * holds every exported render…Mail function in src/server to that list).
 */
export const SAMPLE_TEMPLATES = [
  renderAccountMail,
  renderNotificationMail,
  renderModerationMail,
  renderReportOutcomeMail,
  renderComplaintMail,
] as const;

export type MailSample = { id: string; label: string; mail: Mail };

/** The ids of every sample, in the order the page shows them. */
export const MAIL_SAMPLE_IDS: readonly string[] = [
  ...ACCOUNT_MAIL_KINDS.map((kind) => `account.${kind}`),
  ...NOTIFICATION_MAIL_KINDS.flatMap((kind) =>
    kind === 'unread_reminder'
      ? REMINDER_AFTER_DAYS.map((days) => `notification.${kind}.${days}d`)
      : [`notification.${kind}`],
  ),
  ...MODERATION_NOTICES.map((notice) => `moderation.${notice.subject}_${notice.outcome}`),
  ...REPORT_OUTCOME_RESULTS.map((result) => `report.${result}`),
  ...COMPLAINT_MAIL_RECIPIENTS.map((to) => `complaint.${to}`),
];

type Person = { id: number; email: string; name: string };

/** The seed's two demo logins: the free woman receives, the premium man is who her mails are about. */
async function demoPeople(
  db: AppServices['db'],
): Promise<{ member: Person; other: Person; conversationId: number | null } | undefined> {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, ['demo@liefdesplein.nl', 'premium@liefdesplein.nl']));
  const member = rows.find((row) => row.email === 'demo@liefdesplein.nl');
  const other = rows.find((row) => row.email === 'premium@liefdesplein.nl');
  if (!member || !other) return undefined;
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.memberLow, member.id), eq(conversations.memberHigh, other.id)),
        and(eq(conversations.memberLow, other.id), eq(conversations.memberHigh, member.id)),
      ),
    );
  return { member, other, conversationId: conversation?.id ?? null };
}

type SampleServices = Pick<AppServices, 'db' | 'now' | 'env' | 'state' | 'settings' | 'translations'>;

/**
 * The samples in one language, as the demo woman would get them (her address, her id in the signed
 * unsubscribe link and return path); undefined when the demo seed has not run.
 */
export async function renderMailSamples(
  services: SampleServices,
  locale: Locale,
): Promise<MailSample[] | undefined> {
  const people = await demoPeople(services.db);
  if (!people) return undefined;
  const { member, other, conversationId } = people;
  const domain = new URL(services.env.publicUrl).hostname;
  const recipient = { email: member.email, name: member.name, language: locale };
  const chatPath = conversationId ? `/chats/${conversationId}` : '/chats';
  const samples: MailSample[] = [];

  for (const kind of ACCOUNT_MAIL_KINDS)
    samples.push({
      id: `account.${kind}`,
      label: `Account: ${kind}`,
      mail: await renderAccountMail(services, kind, {
        to: member.email,
        name: member.name,
        locale,
        // A link of the right shape whose token was never issued: it opens the link-invalid page.
        link: accountMailLink(services.env.publicUrl, kind, 'sample-never-issued'),
        domain,
      }),
    });

  const notification = async (
    id: string,
    label: string,
    content: Parameters<typeof composeNotificationMail>[2],
  ) => {
    samples.push({ id, label, mail: await composeNotificationMail(services, recipient, content) });
  };
  for (const kind of NOTIFICATION_MAIL_KINDS) {
    const base = { key: `sample:${kind}`, userId: member.id, kind, otherName: other.name };
    if (kind === 'weekly_update')
      await notification(`notification.${kind}`, 'Notification: weekly update', {
        ...base,
        conversationId: null,
        otherName: '',
        path: '/likes',
        lines: weeklyUpdateLines({ likes: 3, new_members: 12 }),
      });
    else if (kind === 'unread_reminder')
      for (const days of REMINDER_AFTER_DAYS)
        await notification(
          `notification.${kind}.${days}d`,
          `Notification: unread reminder, ${days} day${days === 1 ? '' : 's'} after`,
          { ...base, conversationId, path: chatPath },
        );
    else
      await notification(`notification.${kind}`, `Notification: ${kind.replace('_', ' ')}`, {
        ...base,
        conversationId: kind === 'like' || kind === 'match' ? null : conversationId,
        path: kind === 'like' ? '/likes' : kind === 'match' ? `/members/${other.id}` : chatPath,
      });
  }

  for (const notice of MODERATION_NOTICES)
    samples.push({
      id: `moderation.${notice.subject}_${notice.outcome}`,
      label: `Moderation: ${notice.subject} ${notice.outcome.replaceAll('_', ' ')}`,
      mail: await renderModerationMail(services, recipient, {
        ...notice,
        reason:
          notice.outcome === 'approved'
            ? null
            : notice.subject === 'photo'
              ? 'low_quality'
              : 'contact_details',
        note: null,
      }),
    });

  for (const result of REPORT_OUTCOME_RESULTS)
    samples.push({
      id: `report.${result}`,
      label: `Report outcome: ${result}`,
      mail: await renderReportOutcomeMail(services, {
        to: member.email,
        language: locale,
        domain,
        reportId: 1234,
        result,
      }),
    });

  for (const to of COMPLAINT_MAIL_RECIPIENTS)
    samples.push({
      id: `complaint.${to}`,
      label: `Complaint: to ${to}`,
      mail: await renderComplaintMail(services, to, {
        id: 42,
        domain,
        language: locale,
        name: member.name,
        email: member.email,
        subject: 'account',
        // The complainant's own words, quoted as they typed them (a sample's are English).
        message: 'I cannot change my e-mail address: the confirmation link says it has expired.',
      }),
    });
  return samples;
}
