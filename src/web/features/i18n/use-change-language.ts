import { useRevalidator } from 'react-router';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, type Locale } from '../../../shared/i18n/locales.ts';
import type { Messages } from '../../../shared/i18n/translator.ts';
import { getJson } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';

function writeLocaleCookie(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie, read by the server on the next render
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_DAYS * 86_400}; samesite=lax`;
}

/** Switches the language in place: texts, loader data (settings, legal texts) and <html lang>. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  return async (locale: Locale) => {
    writeLocaleCookie(locale);
    const messages = i18n.hasBundle(locale)
      ? undefined
      : await getJson<Messages>(`/api/locale.php?lng=${locale}`);
    i18n.changeLanguage(locale, messages);
    document.documentElement.lang = locale;
    await revalidator.revalidate();
  };
}
