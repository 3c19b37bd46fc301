import { DEFAULT_LOCALE, LOCALES } from '../../../shared/i18n/locales.ts';
import type { Translations } from '../../lib/i18n.ts';
import { offlinePagesVersion } from './offline-page.ts';

/** The worker's own policy: nothing but requests to its origin (pages, the offline pages, user.php). */
export const APP_WORKER_CSP = "default-src 'none'; connect-src 'self'";

const VERSION_LINE = "const OFFLINE_VERSION = 'dev';";
const LOCALES_LINE = "const OFFLINE_LOCALES = ['nl'];";
const DEFAULT_LOCALE_LINE = "const DEFAULT_LOCALE = 'nl';";

/**
 * The service worker's code as served, with what plain JavaScript cannot import written in: the
 * site's languages and default from src/shared (a language added there reaches the worker), and the
 * offline pages' fingerprint, so that browsers see a changed worker (and fetch the pages again)
 * whenever the pages change.
 */
export function appWorkerSource(source: string, translations: Pick<Translations, 't'>): string {
  for (const line of [VERSION_LINE, LOCALES_LINE, DEFAULT_LOCALE_LINE])
    if (!source.includes(line)) throw new Error(`sw-push.js lost its line ${line}`);
  const version = offlinePagesVersion((locale) => translations.t(locale));
  return source
    .replace(VERSION_LINE, `const OFFLINE_VERSION = '${version}';`)
    .replace(LOCALES_LINE, `const OFFLINE_LOCALES = ${JSON.stringify(LOCALES)};`)
    .replace(DEFAULT_LOCALE_LINE, `const DEFAULT_LOCALE = '${DEFAULT_LOCALE}';`);
}
