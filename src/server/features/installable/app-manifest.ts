import { readFileSync } from 'node:fs';
import type { Locale } from '../../../shared/i18n/locales.ts';

/**
 * The installed app's manifest: public/manifest.webmanifest's icons, colours and display (the
 * Dutch manifest older pages linked, still served as it is), with the name, the description, the
 * language and the start in the page's language.
 */
const BASE = JSON.parse(
  readFileSync(new URL('../../../../public/manifest.webmanifest', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** Where the installed app opens once its start (GET /app/:locale) settled the language. */
export const appStartPath = '/members';

export function appManifestOf(
  locale: Locale,
  siteName: string,
  t: (key: string, vars?: Record<string, string>) => string,
): Record<string, unknown> {
  return {
    ...BASE,
    name: t('app_manifest.name', { site_name: siteName }),
    // The home screen's label under the icon: the site's name, which fits there in every language.
    short_name: siteName,
    description: t('app_manifest.description', { site_name: siteName }),
    lang: locale,
    start_url: `/app/${locale}`,
  };
}
