import type { Translations } from '../../lib/i18n.ts';
import { offlinePagesVersion } from './offline-page.ts';

/** The worker's own policy: nothing but requests to its origin (pages, the offline pages, user.php). */
export const APP_WORKER_CSP = "default-src 'none'; connect-src 'self'";

const VERSION_LINE = "const OFFLINE_VERSION = 'dev';";

/**
 * The service worker's code as served: the offline pages' fingerprint written in, so that browsers
 * see a changed worker (and fetch the pages again) whenever the pages change.
 */
export function appWorkerSource(source: string, translations: Pick<Translations, 't'>): string {
  if (!source.includes(VERSION_LINE)) throw new Error(`sw-push.js lost its line ${VERSION_LINE}`);
  const version = offlinePagesVersion((locale) => translations.t(locale));
  return source.replace(VERSION_LINE, `const OFFLINE_VERSION = '${version}';`);
}
