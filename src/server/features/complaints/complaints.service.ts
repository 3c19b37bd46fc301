import { eq } from 'drizzle-orm';
import type { ComplaintInput } from '../../../shared/contracts/site.ts';
import { isLocale, type Locale, localeFromLanguageTag } from '../../../shared/i18n/locales.ts';
import { complaints } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { AppServices } from '../../services.ts';

export const COMPLAINT_MAIL_JOB = 'complaint-mail';

export function complaintReference(id: number): string {
  return `K-${String(id).padStart(6, '0')}`;
}

type Requester = { domain: string; locale: Locale; userId?: number | null };

/** Stores the complaint first (nothing is lost if mail is down), then mails through the job worker. */
export async function submitComplaint(services: AppServices, input: ComplaintInput, requester: Requester) {
  const [row] = await services.db
    .insert(complaints)
    .values({
      ...input,
      language: requester.locale,
      domain: requester.domain,
      userId: requester.userId ?? null,
    })
    .returning({ id: complaints.id });
  if (!row) throw new Error('complaint insert returned nothing');
  await services.enqueue(
    COMPLAINT_MAIL_JOB,
    { complaintId: row.id, to: 'support' },
    { dedupeKey: `complaint:${row.id}:support` },
  );
  await services.enqueue(
    COMPLAINT_MAIL_JOB,
    { complaintId: row.id, to: 'complainant' },
    { dedupeKey: `complaint:${row.id}:complainant` },
  );
  return { reference: complaintReference(row.id) };
}

export async function sendComplaintMailJob(services: AppServices, payload: Record<string, unknown>) {
  const id = Number(payload.complaintId);
  const [complaint] = await services.db.select().from(complaints).where(eq(complaints.id, id));
  if (!complaint) return; // erased in the meantime: nothing left to send
  const values = await services.settings.getValues(complaint.domain);
  const reference = complaintReference(complaint.id);
  if (payload.to === 'support') {
    const locale = localeFromLanguageTag(values.domain_language) ?? 'nl';
    const t = services.translations.t(locale);
    const subjectLabel = t(`complaints.subjects.${complaint.subject}`);
    const lines = [
      `${t('complaints.mail_support.intro', { reference })}`,
      '',
      `${t('complaints.name')}: ${complaint.name}`,
      `${t('complaints.email')}: ${complaint.email}`,
      `${t('complaints.subject')}: ${subjectLabel}`,
      `${t('complaints.mail_support.language')}: ${complaint.language}`,
      `${t('complaints.mail_support.domain')}: ${complaint.domain}`,
      '',
      complaint.message,
    ];
    await services.mailer.send({
      to: values.support_email,
      replyTo: complaint.email,
      subject: `[${reference}] ${t('complaints.mail_support.subject', { subject: subjectLabel })}`,
      text: lines.join('\n'),
      html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
    });
    return;
  }
  const locale: Locale = isLocale(complaint.language) ? complaint.language : 'nl';
  const t = services.translations.t(locale);
  const text = [
    t('complaints.mail_confirmation.greeting', { name: complaint.name }),
    '',
    t('complaints.mail_confirmation.body', { reference, site_name: values.name }),
    '',
    '---',
    complaint.message,
    '---',
    '',
    t('complaints.mail_confirmation.signature', { site_name: values.name }),
  ].join('\n');
  await services.mailer.send({
    to: complaint.email,
    replyTo: values.support_email,
    subject: t('complaints.mail_confirmation.subject', { reference, site_name: values.name }),
    text,
    html: `<div style="font-family:Arial,sans-serif;line-height:1.5">${escapeHtml(text).replace(/\n/g, '<br>')}</div>`,
  });
}
