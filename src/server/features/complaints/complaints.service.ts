import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ComplaintInput } from '../../../shared/contracts/site.ts';
import { isLocale, type Locale, localeFromLanguageTag } from '../../../shared/i18n/locales.ts';
import { complaints } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { escapeHtml } from '../../lib/html.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { AppServices } from '../../services.ts';
import { queueComplaint } from '../reports/reports.service.ts';

/** Who a complaint mails: support (to act on it) and the complainant (a copy with the reference). */
export const COMPLAINT_MAIL_RECIPIENTS = ['support', 'complainant'] as const;

export const COMPLAINT_MAIL_JOB = defineJob({
  name: 'complaint-mail',
  payload: z.object({ complaintId: z.number().int().positive(), to: z.enum(COMPLAINT_MAIL_RECIPIENTS) }),
});

function complaintReference(id: number): string {
  return `K-${String(id).padStart(6, '0')}`;
}

type Requester = { domain: string; locale: Locale; userId?: number | null };

/**
 * The complaint form mails a copy to whatever address it is given, so without a bound anyone could
 * have us mail a stranger, again and again, with a text of their choosing. A copy goes out only
 * when that address filed no complaint in the 24 hours before: at most one copy per address a day.
 * Later complaints are stored and sent to support all the same.
 */
const COMPLAINT_COPY_INTERVAL_MS = DAY_MS;

/** Stores the complaint first (nothing is lost if mail is down), then mails through the job worker. */
export async function submitComplaint(
  services: Pick<AppServices, 'db' | 'now' | 'enqueue'>,
  input: ComplaintInput,
  requester: Requester,
) {
  const now = services.now();
  const address = input.email.toLowerCase();
  const { id, sendCopy } = await services.db.transaction(async (tx) => {
    // One address at a time: two complaints at once must not both find "no copy sent yet".
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`complaint-copy:${address}`}, 0))`);
    const [recent] = await tx
      .select({ id: complaints.id })
      .from(complaints)
      .where(
        and(
          sql`lower(${complaints.email}) = ${address}`,
          gt(complaints.createdAt, new Date(now.getTime() - COMPLAINT_COPY_INTERVAL_MS)),
        ),
      )
      .limit(1);
    const [row] = await tx
      .insert(complaints)
      .values({
        ...input,
        language: requester.locale,
        domain: requester.domain,
        userId: requester.userId ?? null,
        createdAt: now,
      })
      .returning({ id: complaints.id });
    if (!row) throw new Error('complaint insert returned nothing');
    // The moderators' queue holds complaints too, from the moment they are stored.
    await queueComplaint(tx, {
      ...input,
      id: row.id,
      userId: requester.userId ?? null,
      language: requester.locale,
      domain: requester.domain,
      createdAt: now,
    });
    return { id: row.id, sendCopy: !recent };
  });
  await services.enqueue(
    COMPLAINT_MAIL_JOB,
    { complaintId: id, to: 'support' },
    { dedupeKey: `complaint:${id}:support` },
  );
  if (sendCopy) {
    await services.enqueue(
      COMPLAINT_MAIL_JOB,
      { complaintId: id, to: 'complainant' },
      { dedupeKey: `complaint:${id}:complainant` },
    );
  }
  return { reference: complaintReference(id) };
}

export async function sendComplaintMailJob(
  services: Pick<AppServices, 'db' | 'settings' | 'translations' | 'mailer'>,
  payload: z.infer<typeof COMPLAINT_MAIL_JOB.payload>,
) {
  const [complaint] = await services.db
    .select()
    .from(complaints)
    .where(eq(complaints.id, payload.complaintId));
  if (!complaint) return; // erased in the meantime: nothing left to send
  await services.mailer.send(await renderComplaintMail(services, payload.to, complaint));
}

/** The mail of a stored complaint to support, in the domain's language, or to the complainant, in theirs. */
export async function renderComplaintMail(
  services: Pick<AppServices, 'settings' | 'translations'>,
  to: (typeof COMPLAINT_MAIL_RECIPIENTS)[number],
  complaint: Pick<
    typeof complaints.$inferSelect,
    'id' | 'domain' | 'language' | 'name' | 'email' | 'subject' | 'message'
  >,
): Promise<Mail> {
  const values = await services.settings.getValues(complaint.domain);
  const reference = complaintReference(complaint.id);
  if (to === 'support') {
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
    return {
      to: values.support_email,
      replyTo: complaint.email,
      subject: `[${reference}] ${t('complaints.mail_support.subject', { subject: subjectLabel })}`,
      text: lines.join('\n'),
      html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
    };
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
  return {
    to: complaint.email,
    replyTo: values.support_email,
    subject: t('complaints.mail_confirmation.subject', { reference, site_name: values.name }),
    text,
    html: `<div style="font-family:Arial,sans-serif;line-height:1.5">${escapeHtml(text).replace(/\n/g, '<br>')}</div>`,
  };
}
