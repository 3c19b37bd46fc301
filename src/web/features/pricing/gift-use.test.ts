import { describe, expect, it } from 'vitest';
import nl from '../../../shared/i18n/locales/nl/common.json' with { type: 'json' };
import { createTranslator, type KeyedTranslate } from '../../../shared/i18n/translator.ts';
import { giftUseText } from './gift-use.ts';

describe('giftUseText', () => {
  const t = createTranslator(nl, undefined, 'nl') as KeyedTranslate;

  it("says the catalogue's range when gifts differ in price", () => {
    expect(giftUseText(t, { min: 30, max: 100 }, 30)).toBe(
      'Een cadeautje versturen kost 30 tot 100 credits.',
    );
  });

  it('says the one price when every gift costs the same, or the setting without a catalogue', () => {
    expect(giftUseText(t, { min: 40, max: 40 }, 30)).toBe('Een cadeautje versturen kost 40 credits.');
    expect(giftUseText(t, null, 30)).toBe('Een cadeautje versturen kost 30 credits.');
  });
});
