import { isLocale, type Locale } from '../../../shared/i18n/locales.ts';
import { escapeHtml } from '../../lib/html.ts';
import { mailHtml } from '../../lib/mail-layout.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { AppServices } from '../../services.ts';

export type NoticeSubject = 'photo' | 'name' | 'about_me';
/**
 * A refusal's outcome says what became of the text: `rejected` set back; `rejected_choose_new` a
 * name that could not be set back (taken meanwhile), to choose anew; `rejected_newer_kept` nothing
 * set back, as the member had changed it again since.
 */
export type NoticeOutcome = 'approved' | 'rejected' | 'rejected_choose_new' | 'rejected_newer_kept';

/**
 * The decisions a member can be told of, each a text of its own (moderation_notices): only a name
 * can be taken meanwhile, and a photo is never changed by its member, so it has no newer one kept.
 */
export const MODERATION_NOTICES = [
  { subject: 'photo', outcome: 'approved' },
  { subject: 'photo', outcome: 'rejected' },
  { subject: 'name', outcome: 'approved' },
  { subject: 'name', outcome: 'rejected' },
  { subject: 'name', outcome: 'rejected_choose_new' },
  { subject: 'name', outcome: 'rejected_newer_kept' },
  { subject: 'about_me', outcome: 'approved' },
  { subject: 'about_me', outcome: 'rejected' },
  { subject: 'about_me', outcome: 'rejected_newer_kept' },
] as const satisfies readonly { subject: NoticeSubject; outcome: NoticeOutcome }[];

/**
 * The mail that tells a member a moderator's decision, in their language: the same words as the
 * notice on /profile, in the frame of every mail (lib/mail-layout.ts).
 */
export async function renderModerationMail(
  services: Pick<AppServices, 'settings' | 'translations' | 'env'>,
  member: { email: string; name: string; language: string },
  decision: {
    subject: NoticeSubject;
    outcome: NoticeOutcome;
    reason: string | null;
    note: string | null;
  },
): Promise<Mail> {
  const locale: Locale = isLocale(member.language) ? member.language : 'nl';
  const common = services.translations.t(locale);
  const profile = services.translations.t(locale, 'profile');
  const publicUrl = new URL(services.env.publicUrl);
  const values = await services.settings.getValues(publicUrl.hostname);
  const vars = { name: member.name, site_name: values.name };
  const link = `${publicUrl.origin}/profile`;
  const lines = [
    // A name to choose anew is empty: greeted without it, as the account mails do.
    member.name ? common('mail.greeting', vars) : common('mail.greeting_anonymous', vars),
    profile(`moderation_notices.${decision.subject}_${decision.outcome}`),
    ...(decision.reason
      ? [profile('moderation_notices.reason', { reason: profile(`moderation_reasons.${decision.reason}`) })]
      : []),
    ...(decision.note ? [profile('moderation_notices.note', { note: decision.note })] : []),
    profile('moderation_notices.link', { link }),
  ];
  const signature = common('mail.signature', vars);
  const html = mailHtml({
    locale,
    siteName: values.name,
    content: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
  });
  return {
    to: member.email,
    subject: profile('moderation_notices.subject', vars),
    text: [...lines.flatMap((line) => [line, '']), signature].join('\n'),
    html,
    replyTo: values.support_email,
  };
}
