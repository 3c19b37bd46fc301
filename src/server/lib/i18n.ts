import fs from 'node:fs';
import path from 'node:path';
import type { i18n as I18n, Resource, ResourceLanguage, TFunction } from 'i18next';
import { createI18n } from '../../shared/i18n/i18n.ts';
import { LOCALES, type Locale, NAMESPACES, type Namespace } from '../../shared/i18n/locales.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../shared/i18n/locales');

export type Translations = {
  resources: Resource;
  /** A ready i18next instance per locale, for server-side rendering. */
  instance: (locale: Locale) => I18n;
  t: (locale: Locale, ns?: Namespace) => TFunction;
  namespace: (locale: Locale, ns: Namespace) => ResourceLanguage;
};

/** Loads every locale once at start; texts are part of the code and do not change at run time. */
export function loadTranslations(dir = LOCALES_DIR): Translations {
  const resources: Resource = {};
  for (const locale of LOCALES) {
    const byNs: ResourceLanguage = {};
    for (const ns of NAMESPACES) {
      const file = path.join(dir, locale, `${ns}.json`);
      byNs[ns] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    }
    resources[locale] = byNs;
  }
  const instances = new Map<Locale, I18n>();
  const instance = (locale: Locale) => {
    let found = instances.get(locale);
    if (!found) {
      found = createI18n(locale, resources);
      instances.set(locale, found);
    }
    return found;
  };
  return {
    resources,
    instance,
    t: (locale, ns = 'common') => instance(locale).getFixedT(locale, ns),
    namespace: (locale, ns) => (resources[locale]?.[ns] ?? {}) as ResourceLanguage,
  };
}
