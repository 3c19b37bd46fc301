import type { NotificationType } from '../../../shared/contracts/notifications.ts';
import type { CompanyInfo } from '../../../shared/contracts/site.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { escapeHtml } from '../../lib/html.ts';
import { mailButton, mailHtml } from '../../lib/mail-layout.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { AppServices } from '../../services.ts';

/** The mails about another member; each is switched by one preference type. */
export const NOTIFICATION_MAIL_KINDS = [
  'new_message',
  'new_conversation',
  'like',
  'match',
  'unread_reminder',
  'weekly_update',
] as const;
export type NotificationMailKind = (typeof NOTIFICATION_MAIL_KINDS)[number];

export const TYPE_OF_MAIL: Record<NotificationMailKind, NotificationType> = {
  new_message: 'new_messages',
  new_conversation: 'new_conversations',
  like: 'like',
  match: 'like',
  unread_reminder: 'unread_message_reminders',
  weekly_update: 'weekly_updates',
};

/**
 * The one layout of every notification mail: greeting, what happened, a button, and the footer
 * with the site's name and address, why the member gets it, the settings and the unsubscribe link.
 * The plain-text part says the same.
 */
export function renderNotificationMail(
  services: Pick<AppServices, 'translations'>,
  kind: NotificationMailKind,
  options: {
    to: string;
    locale: Locale;
    recipientName: string;
    otherName: string;
    siteName: string;
    company: CompanyInfo;
    link: string;
    preferencesUrl: string;
    unsubscribeUrl: string;
    replyTo?: string;
    /** Lines after the body, already in the member's language (the weekly update's figures). */
    lines?: readonly string[];
  },
): Mail {
  const t = services.translations.t(options.locale, 'notifications');
  const vars = { name: options.otherName, site_name: options.siteName };
  const subject = t(`mail.${kind}.subject`, vars);
  const greeting = t('mail.greeting', { name: options.recipientName });
  const body = t(`mail.${kind}.body`, vars);
  const button = t(`mail.${kind}.button`, vars);
  const why = t('mail.why', vars);
  const { company } = options;
  const address = [company.name, company.address, company.city, company.country].filter(Boolean).join(', ');
  const text = [
    greeting,
    '',
    body,
    ...(options.lines ?? []),
    '',
    `${button}: ${options.link}`,
    '',
    '--',
    why,
    `${t('mail.preferences')}: ${options.preferencesUrl}`,
    `${t('mail.unsubscribe')}: ${options.unsubscribeUrl}`,
    `${options.siteName} · ${address}`,
  ].join('\n');
  const e = escapeHtml;
  const html = mailHtml({
    locale: options.locale,
    siteName: options.siteName,
    content: `<p>${e(greeting)}</p>
<p>${e(body)}</p>
${(options.lines ?? []).map((line) => `<p>${e(line)}</p>`).join('')}
${mailButton(options.link, button)}`,
    footer: `
<tr><td style="font-size:12px;line-height:1.5;color:#6c757d;border-top:1px solid #eee;padding-top:16px">
<p>${e(why)}<br><a href="${e(options.preferencesUrl)}" style="color:#b3124f">${e(t('mail.preferences'))}</a> · <a href="${e(options.unsubscribeUrl)}" style="color:#b3124f">${e(t('mail.unsubscribe'))}</a></p>
<p>${e(options.siteName)} · ${e(address)}</p>
</td></tr>`,
  });
  return {
    to: options.to,
    subject,
    text,
    html,
    ...(options.replyTo ? { replyTo: options.replyTo } : {}),
    // RFC 8058: a mail client's unsubscribe button posts to the https link at once, no page between.
    headers: {
      'List-Unsubscribe': `<${options.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
