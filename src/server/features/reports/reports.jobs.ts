import { z } from 'zod';
import { isLocale, type Locale } from '../../../shared/i18n/locales.ts';
import { escapeHtml } from '../../lib/html.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { AppServices } from '../../services.ts';
import { findOutcomeRecipient } from './reports.service.ts';

/** Mails the reporter (or the complainant) that their report was decided, after the decision commits. */
export const REPORT_OUTCOME_MAIL_JOB = defineJob({
  name: 'report-outcome-mail',
  payload: z.object({ reportId: z.number().int().positive() }),
});

/** What a reporter is told: something was done, or nothing was (never what). */
export const REPORT_OUTCOME_RESULTS = ['acted', 'dismissed'] as const;
export type ReportOutcomeResult = (typeof REPORT_OUTCOME_RESULTS)[number];

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
  await services.mailer.send(
    await renderReportOutcomeMail(services, {
      to: recipient.email,
      language: recipient.language,
      domain: report.domain,
      reportId: report.id,
      result: report.outcome === 'dismiss' ? 'dismissed' : 'acted',
    }),
  );
}

/** The outcome mail itself, in the recipient's language. */
export async function renderReportOutcomeMail(
  services: Pick<AppServices, 'settings' | 'translations'>,
  outcome: { to: string; language: string; domain: string; reportId: number; result: ReportOutcomeResult },
): Promise<Mail> {
  const values = await services.settings.getValues(outcome.domain);
  const locale: Locale = isLocale(outcome.language) ? outcome.language : 'nl';
  const t = services.translations.t(locale, 'reports');
  const reference = `M-${String(outcome.reportId).padStart(6, '0')}`;
  const lines = [
    t('reports.mail.greeting'),
    '',
    t(`reports.mail.${outcome.result}`, { reference }),
    '',
    t('reports.mail.closing', { site_name: values.name }),
  ];
  return {
    to: outcome.to,
    subject: t('reports.mail.subject', { reference, site_name: values.name }),
    text: lines.join('\n'),
    html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join(''),
  };
}
