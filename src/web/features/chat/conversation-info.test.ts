import { describe, expect, it } from 'vitest';
import nl from '../../../shared/i18n/locales/nl/common.json' with { type: 'json' };
import { createTranslator, type KeyedTranslate } from '../../../shared/i18n/translator.ts';
import { spendPeriodText } from './conversation-info.tsx';

describe('spendPeriodText', () => {
  const t = createTranslator(nl, undefined, 'nl') as KeyedTranslate;
  const format = new Intl.DateTimeFormat('nl', { dateStyle: 'medium', timeZone: 'Europe/Amsterdam' });

  it('names the one day when every paid message was sent that day', () => {
    expect(spendPeriodText(t, format, '2026-11-25T08:05:00Z', '2026-11-25T17:05:00Z')).toBe('Op 25 nov 2026');
  });

  it('names the first and the last day otherwise', () => {
    expect(spendPeriodText(t, format, '2026-11-20T08:05:00Z', '2026-11-25T17:05:00Z')).toBe(
      'Van 20 nov 2026 tot 25 nov 2026',
    );
  });

  it('counts days where the member lives: 23:30 and 00:30 in Amsterdam are two days', () => {
    expect(spendPeriodText(t, format, '2026-11-24T22:30:00Z', '2026-11-24T23:30:00Z')).toBe(
      'Van 24 nov 2026 tot 25 nov 2026',
    );
  });
});
