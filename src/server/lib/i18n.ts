import fs from 'node:fs';
import path from 'node:path';
import {
  FALLBACK_LOCALE,
  LOCALES,
  type Locale,
  NAMESPACES,
  type Namespace,
} from '../../shared/i18n/locales.ts';
import { PAGE_TEXTS, type PageNamespace, SERVER_ONLY_GROUPS } from '../../shared/i18n/page-texts.ts';
import { createTranslator, type Messages, type Translate } from '../../shared/i18n/translator.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../shared/i18n/locales');

export type Translations = {
  t: (locale: Locale, ns?: Namespace) => Translate;
  namespace: (locale: Locale, ns: Namespace) => Messages;
  /** The common texts every page carries inline: common without the page texts' groups and e-mails. */
  pageCommon: (locale: Locale) => Messages;
  /** A page's own texts (see PAGE_TEXTS). */
  pageTexts: (locale: Locale, ns: PageNamespace) => Messages;
};

const NOT_INLINE = new Set<string>([
  ...SERVER_ONLY_GROUPS,
  ...Object.values(PAGE_TEXTS).flatMap((pack) => pack.common),
]);

/** Loads every locale once at start; texts are part of the code and do not change at run time. */
export function loadTranslations(dir = LOCALES_DIR): Translations {
  const resources = new Map<string, Messages>();
  for (const locale of LOCALES) {
    for (const ns of NAMESPACES) {
      const file = path.join(dir, locale, `${ns}.json`);
      resources.set(`${locale}/${ns}`, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
    }
  }
  const namespace = (locale: Locale, ns: Namespace) => resources.get(`${locale}/${ns}`) ?? {};
  const translators = new Map<string, Translate>();
  // Built once per locale: the same objects on every request.
  const inline = new Map<string, Messages>();
  const pages = new Map<string, Messages>();
  for (const locale of LOCALES) {
    const common = namespace(locale, 'common');
    inline.set(
      locale,
      Object.fromEntries(Object.entries(common).filter(([group]) => !NOT_INLINE.has(group))),
    );
    for (const [name, pack] of Object.entries(PAGE_TEXTS)) {
      const groups = Object.fromEntries(pack.common.map((group) => [group, common[group] ?? {}]));
      // A page namespace's e-mail texts (notifications' `mail`) stay on the server as common's do.
      const own = pack.file ? namespace(locale, pack.file) : {};
      const shipped = Object.fromEntries(
        Object.entries(own).filter(([group]) => !(SERVER_ONLY_GROUPS as readonly string[]).includes(group)),
      );
      pages.set(`${locale}/${name}`, { ...shipped, ...groups });
    }
  }
  return {
    namespace,
    pageCommon: (locale) => inline.get(locale) ?? {},
    pageTexts: (locale, ns) => pages.get(`${locale}/${ns}`) ?? {},
    t: (locale, ns = 'common') => {
      const key = `${locale}/${ns}`;
      let found = translators.get(key);
      if (!found) {
        found = createTranslator(namespace(locale, ns), namespace(FALLBACK_LOCALE, ns));
        translators.set(key, found);
      }
      return found;
    },
  };
}
