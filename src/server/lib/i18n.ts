import fs from 'node:fs';
import path from 'node:path';
import {
  FALLBACK_LOCALE,
  LOCALES,
  type Locale,
  NAMESPACES,
  type Namespace,
} from '../../shared/i18n/locales.ts';
import { createTranslator, type Messages, type Translate } from '../../shared/i18n/translator.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../shared/i18n/locales');

export type Translations = {
  t: (locale: Locale, ns?: Namespace) => Translate;
  namespace: (locale: Locale, ns: Namespace) => Messages;
};

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
  return {
    namespace,
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
