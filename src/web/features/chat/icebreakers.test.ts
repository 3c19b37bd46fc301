import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import { ICEBREAKER_LINES } from '../../../shared/icebreakers.ts';

const linesOf = async (locale: string) =>
  (
    (await import(`../../../shared/i18n/locales/${locale}/members.json`, { with: { type: 'json' } }))
      .default as { icebreakers: { lines: Record<string, string> } }
  ).icebreakers.lines;

describe('icebreakers', () => {
  it('shows every opening line of the texts, and each locale has its own wording', async () => {
    const en = await linesOf('en');
    expect(Object.keys(en)).toEqual([...ICEBREAKER_LINES]);
    for (const locale of LOCALES) {
      if (locale === 'en') continue;
      const lines = await linesOf(locale);
      expect(Object.keys(lines), locale).toEqual([...ICEBREAKER_LINES]);
      // Translated, not English copies (a line may share an emoji or a name, never the sentence).
      for (const key of ICEBREAKER_LINES) expect(lines[key], `${locale} ${key}`).not.toBe(en[key]);
    }
  });
});
