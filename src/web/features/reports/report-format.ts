import { REPORT_REASONS, type ReportReason } from '../../../shared/contracts/reports.ts';
import { type ComplaintInput, ComplaintSubjectSchema } from '../../../shared/contracts/site.ts';
import type { KeyedTranslate } from '../../../shared/i18n/translator.ts';

/** The reference the reporter's mail names (M-000042), so staff and the mail speak of the same report. */
export const reportReference = (id: number) => `M-${String(id).padStart(6, '0')}`;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How old a report is, in the staff member's language, in the largest unit that reads well
 * ("5 minutes ago", "yesterday", "3 days ago"); up to two days in hours, so a queue's ages sort
 * by eye.
 */
export function formatAge(fromIso: string, now: number, locale: string): string {
  const age = Math.max(0, now - Date.parse(fromIso));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (age < MINUTE) return format.format(-Math.floor(age / SECOND), 'second');
  if (age < HOUR) return format.format(-Math.floor(age / MINUTE), 'minute');
  if (age < 2 * DAY) return format.format(-Math.floor(age / HOUR), 'hour');
  return format.format(-Math.floor(age / DAY), 'day');
}

const isReportReason = (reason: string): reason is ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(reason);
const isComplaintSubject = (reason: string): reason is ComplaintInput['subject'] =>
  (ComplaintSubjectSchema.options as readonly string[]).includes(reason);

/** A report's reason in words: a member's reason, or the subject the complaint form was sent with. */
export function reasonText(t: KeyedTranslate, source: 'member' | 'complaint', reason: string): string {
  if (source === 'complaint' && isComplaintSubject(reason)) return t(`complaints.subjects.${reason}`);
  if (isReportReason(reason)) return t(`reports.reasons.${reason}`);
  return reason;
}
