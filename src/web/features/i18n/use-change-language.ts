import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, type Locale } from '../../../shared/i18n/locales.ts';
import { getJson } from '../../lib/api.ts';

export function writeLocaleCookie(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie, read by the server on the next render
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_DAYS * 86_400}; samesite=lax`;
}

/** Switches the language in place: texts, loader data (settings, legal texts) and <html lang>. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  return async (locale: Locale) => {
    writeLocaleCookie(locale);
    if (!i18n.hasResourceBundle(locale, 'common')) {
      const messages = await getJson<Record<string, unknown>>(`/api/locale.php?lng=${locale}`);
      i18n.addResourceBundle(locale, 'common', messages, true, true);
    }
    await i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
    await revalidator.revalidate();
  };
}
