import { z } from 'zod';
import { isLocale, type Locale } from '../../../shared/i18n/locales.ts';
import { escapeHtml } from '../../lib/html.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import { findOutcomeRecipient } from './reports.service.ts';

/** Mails the reporter (or the complainant) that their report was decided, after the decision commits. */
export const REPORT_OUTCOME_MAIL_JOB = defineJob({
  name: 'report-outcome-mail',
  payload: z.object({ reportId: z.number().int().positive() }),
});

/**
 * The reporter learns that something was done or that nothing was, in their language, and never
 * what was done to the other member (a warning and a suspension read the same).
 */
export async function sendReportOutcomeMail(
  services: Pick<AppServices, 'db' | 'settings' | 'translations' | 'mailer'>,
  payload: z.infer<typeof REPORT_OUTCOME_MAIL_JOB.payload>,
) {
  const recipient = await findOutcomeRecipient(services.db, payload.reportId);
  if (!recipient) return; // erased, or nobody to tell
  const { report } = recipient;
  const values = await services.settings.getValues(report.domain);
  const locale: Locale = isLocale(recipient.language) ? recipient.language : 'nl';
  const t = services.translations.t(locale, 'reports');
  const reference = `M-${String(report.id).padStart(6, '0')}`;
  const result = report.outcome === 'dismiss' ? 'dismissed' : 'acted';
  const lines = [
    t('reports.mail.greeting'),
    '',
    t(`reports.mail.${result}`, { reference }),
    '',
    t('reports.mail.closing', { site_name: values.name }),
  ];
  await services.mailer.send({
    to: recipient.email,
    subject: t('reports.mail.subject', { reference, site_name: values.name }),
    text: lines.join('\n'),
    html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join(''),
  });
}
