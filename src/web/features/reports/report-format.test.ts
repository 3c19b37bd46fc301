import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../shared/i18n/translator.ts';
import { formatAge, reasonText, reportReference } from './report-format.ts';

const at = Date.parse('2026-06-10T12:00:00Z');
const ago = (ms: number) => new Date(at - ms).toISOString();

describe('report-format', () => {
  it('names a report as the reporter’s mail does', () => {
    expect(reportReference(42)).toBe('M-000042');
  });

  it('says a report’s age in the staff member’s language, in hours up to two days', () => {
    expect(formatAge(ago(30_000), at, 'en')).toBe('30 seconds ago');
    expect(formatAge(ago(5 * 60_000), at, 'en')).toBe('5 minutes ago');
    expect(formatAge(ago(47 * 3_600_000), at, 'en')).toBe('47 hours ago');
    expect(formatAge(ago(3 * 86_400_000), at, 'nl')).toBe('3 dagen geleden');
    // A clock a little behind the server's never shows a report from the future.
    expect(formatAge(ago(-5_000), at, 'en')).toBe('now');
  });

  it("words a member's reason and a complaint's subject, each from its own texts", () => {
    const t = createTranslator({
      reports: { reasons: { other: 'Something else (report)' } },
      complaints: { subjects: { other: 'Something else (complaint)', privacy: 'Privacy' } },
    });
    expect(reasonText(t, 'member', 'other')).toBe('Something else (report)');
    expect(reasonText(t, 'complaint', 'other')).toBe('Something else (complaint)');
    expect(reasonText(t, 'complaint', 'privacy')).toBe('Privacy');
    expect(reasonText(t, 'member', 'unheard_of')).toBe('unheard_of');
  });
});
