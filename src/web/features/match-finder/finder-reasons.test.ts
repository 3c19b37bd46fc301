import { describe, expect, it } from 'vitest';
import enCommon from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import enMembers from '../../../shared/i18n/locales/en/members.json' with { type: 'json' };
import nlCommon from '../../../shared/i18n/locales/nl/common.json' with { type: 'json' };
import nlMembers from '../../../shared/i18n/locales/nl/members.json' with { type: 'json' };
import plCommon from '../../../shared/i18n/locales/pl/common.json' with { type: 'json' };
import plMembers from '../../../shared/i18n/locales/pl/members.json' with { type: 'json' };
import { createTranslator, type KeyedTranslate, type Messages } from '../../../shared/i18n/translator.ts';
import { reasonTexts } from './finder-reasons.tsx';

const TEXTS = {
  en: [enMembers, enCommon],
  nl: [nlMembers, nlCommon],
  pl: [plMembers, plCommon],
} as const;

/** The translator the page has: the members texts and the interests' labels. */
function translator(locale: keyof typeof TEXTS): KeyedTranslate {
  const [members, common] = TEXTS[locale];
  return createTranslator({ ...members, interests: common.interests } as Messages, undefined, locale);
}

describe('reasonTexts', () => {
  it('counts the shared interests and lists them in the order chosen, then where they live', () => {
    const reasons = {
      shared_interests: ['hiking', 'wine', 'travelling'] as const,
      same_place: 'region' as const,
    };
    expect(
      reasonTexts({ ...reasons, shared_interests: [...reasons.shared_interests] }, translator('en'), 'en'),
    ).toEqual(['3 shared interests: Hiking, Wine, Travelling', 'Lives in your region']);
  });

  it('uses the plural form of each language', () => {
    const one = { shared_interests: ['wine' as const], same_place: 'country' as const };
    expect(reasonTexts(one, translator('en'), 'en')).toEqual([
      '1 shared interest: Wine',
      'Lives in your country',
    ]);
    const pl = translator('pl');
    const shared = (n: number) =>
      reasonTexts(
        {
          shared_interests: (['gym', 'sports', 'dancing', 'music', 'movies'] as const).slice(0, n),
          same_place: null,
        },
        pl,
        'pl',
      )[0];
    expect(shared(1)).toMatch(/^1 wspólne zainteresowanie: /);
    expect(shared(2)).toMatch(/^2 wspólne zainteresowania: /);
    expect(shared(5)).toMatch(/^5 wspólnych zainteresowań: /);
  });

  it('says nothing when nothing is shared and they live elsewhere', () => {
    expect(reasonTexts({ shared_interests: [], same_place: null }, translator('nl'), 'nl')).toEqual([]);
  });
});
