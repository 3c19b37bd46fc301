import { describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en/members.json' with { type: 'json' };
import nl from '../../../shared/i18n/locales/nl/members.json' with { type: 'json' };
import pl from '../../../shared/i18n/locales/pl/members.json' with { type: 'json' };
import { createTranslator } from '../../../shared/i18n/translator.ts';
import { totalText } from './search-totals.ts';

const inPolish = createTranslator(pl, en, 'pl');
const inDutch = createTranslator(nl, en, 'nl');

describe('the search totals in the language’s plural forms', () => {
  it('Polish: one for 1, few for 2 and 22, many for 5', () => {
    expect([1, 2, 5, 22].map((total) => totalText(inPolish, 'pl', { total }, 'total'))).toEqual([
      'Znaleziono 1 osobę',
      'Znaleziono 2 osoby',
      'Znaleziono 5 osób',
      'Znaleziono 22 osoby',
    ]);
    expect([1, 2, 5, 22].map((total) => totalText(inPolish, 'pl', { total }, 'similar_total'))).toEqual([
      '1 profil zbliżony do Twojego wyszukiwania',
      '2 profile zbliżone do Twojego wyszukiwania',
      '5 profili zbliżonych do Twojego wyszukiwania',
      '22 profile zbliżone do Twojego wyszukiwania',
    ]);
  });

  it('Dutch: one and other, the number formatted but the form picked by its value', () => {
    expect(totalText(inDutch, 'nl', { total: 1 }, 'total')).toBe('1 lid gevonden');
    expect(totalText(inDutch, 'nl', { total: 24 }, 'total')).toBe('24 leden gevonden');
    // "1.000" read back as a number would be 1 (one lid).
    expect(totalText(inDutch, 'nl', { total: 1000 }, 'total')).toBe('1.000 leden gevonden');
  });

  it('past the counted limit: "more than"', () => {
    expect(totalText(inDutch, 'nl', { total: 1000, total_more: true }, 'total')).toBe(
      'Meer dan 1.000 leden gevonden',
    );
    expect(totalText(inDutch, 'nl', { total: 1000, total_more: true }, 'similar_total')).toBe(
      'Meer dan 1.000 profielen die dicht bij je zoekopdracht liggen',
    );
  });
});
