import type { Locale } from '../../../shared/i18n/locales.ts';
import { escapeHtml } from '../../lib/html.ts';
import { mailButton, mailHtml } from '../../lib/mail-layout.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { AppServices } from '../../services.ts';

/** Every account mail there is (the development samples at /dev/mail show each). */
export const ACCOUNT_MAIL_KINDS = ['activation', 'password_reset', 'mail_change', 'reactivation'] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

/** One layout for every account mail: greeting, text, a button with the link, the link in full, signature. */
export async function renderAccountMail(
  services: Pick<AppServices, 'settings' | 'translations'>,
  kind: AccountMailKind,
  options: { to: string; name: string; locale: Locale; link: string; domain: string },
): Promise<Mail> {
  const t = services.translations.t(options.locale);
  const values = await services.settings.getValues(options.domain);
  const vars = { name: options.name, site_name: values.name, days: 14 };
  const subject = t(`mail.${kind}.subject`, vars);
  // An advertising entry's account has no name until /complete-signup.
  const greeting = options.name ? t('mail.greeting', vars) : t('mail.greeting_anonymous', vars);
  const lines = [
    greeting,
    '',
    t(`mail.${kind}.body`, vars),
    '',
    options.link,
    '',
    t(`mail.${kind}.footer`, vars),
    '',
    t('mail.signature', vars),
  ];
  const html = mailHtml({
    locale: options.locale,
    siteName: values.name,
    content: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t(`mail.${kind}.body`, vars))}</p>
${mailButton(options.link, t(`mail.${kind}.button`, vars))}
<p style="font-size:13px;color:#6c757d">${escapeHtml(t('mail.link_hint'))}<br><a href="${escapeHtml(options.link)}" style="color:#b3124f;word-break:break-all">${escapeHtml(options.link)}</a></p>
<p style="font-size:14px;color:#6c757d">${escapeHtml(t(`mail.${kind}.footer`, vars))}</p>
<p>${escapeHtml(t('mail.signature', vars)).replace(/\n/g, '<br>')}</p>`,
  });
  return { to: options.to, subject, text: lines.join('\n'), html, replyTo: values.support_email };
}
