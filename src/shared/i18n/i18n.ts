import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { FALLBACK_LOCALE, type Locale, NAMESPACES } from './locales.ts';

/**
 * One i18next configuration for server and browser. Placeholders use single braces, as the
 * spec's texts do ('Enter your date of birth ({min_age}+)').
 */
export function createI18n(locale: Locale, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources,
    initAsync: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
