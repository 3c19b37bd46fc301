import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/i18n/locales.ts';
import { PAGE_NAMESPACES, PAGE_TEXTS, SERVER_ONLY_GROUPS } from '../../shared/i18n/page-texts.ts';
import { loadTranslations } from './i18n.ts';

const translations = loadTranslations();

describe('page texts', () => {
  it('name every page namespace once', () => {
    expect([...PAGE_NAMESPACES].sort()).toEqual(Object.keys(PAGE_TEXTS).sort());
  });

  it.each(LOCALES)('%s: split the common texts without losing or doubling a group', (locale) => {
    const common = Object.keys(translations.namespace(locale, 'common'));
    const inline = Object.keys(translations.pageCommon(locale));
    // A group may come with two page packs (the entry pages carry the sign-up's texts), but never both
    // inline and with a page.
    const paged = [...new Set(Object.values(PAGE_TEXTS).flatMap((pack) => [...pack.common]))];
    expect([...inline, ...paged, ...SERVER_ONLY_GROUPS].sort()).toEqual([...common].sort());
    // Mails and the texts of account, sign-up and service pages stay off the home page.
    for (const group of ['mail', 'signup', 'account', 'complaints', 'pricing', 'interests']) {
      expect(inline).not.toContain(group);
    }
    expect(translations.pageTexts(locale, 'signup').signup).toEqual(
      translations.namespace(locale, 'common').signup,
    );
    // A file namespace comes with its common groups.
    const profile = translations.pageTexts(locale, 'profile');
    expect(profile.interests).toEqual(translations.namespace(locale, 'common').interests);
    expect(profile.title).toEqual(translations.namespace(locale, 'profile').title);
  });
});
