/** The content languages, in the order the language menu shows them. */
export const LOCALES = ['nl', 'de', 'en', 'es', 'fr', 'it', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'nl';
export const FALLBACK_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export const LOCALE_INFO: Record<Locale, { iso: string; name: string }> = {
  nl: { iso: 'nl-NL', name: 'Nederlands' },
  de: { iso: 'de-DE', name: 'Deutsch' },
  en: { iso: 'en-GB', name: 'English' },
  es: { iso: 'es-ES', name: 'Español' },
  fr: { iso: 'fr-FR', name: 'Français' },
  it: { iso: 'it-IT', name: 'Italiano' },
  pl: { iso: 'pl-PL', name: 'Polski' },
};

export const NAMESPACES = [
  'common',
  'legal',
  'profile',
  'members',
  'payments',
  'landers',
  'notifications',
  'admin',
  'operators',
  'reports',
  'moderation',
  'fictional',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** 'de_DE', 'de-AT' or 'de' → 'de' when supported. */
export function localeFromLanguageTag(tag: string | null | undefined): Locale | undefined {
  const prefix = tag?.slice(0, 2).toLowerCase();
  return isLocale(prefix) ? prefix : undefined;
}
