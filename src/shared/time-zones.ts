/**
 * IANA time zones as the browser reports them (Intl.DateTimeFormat().resolvedOptions().timeZone)
 * and the server accepts them: a zone Intl knows, under its canonical name. Shared, so the contract
 * refuses what the swipe service could not compute with.
 */

let supported: Set<string> | undefined;

function supportedZones(): Set<string> {
  // UTC is valid everywhere but not listed by every engine's supportedValuesOf.
  supported ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return supported;
}

/** The zone's canonical name (Etc/UTC → UTC, US/Pacific → America/Los_Angeles), or null if unknown. */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Aliases resolve to the listed name (Asia/Kolkata → Asia/Calcutta where the list has the old one);
  // what resolves outside the list (EST, Etc/GMT+5) is not a place a member lives in.
  return supportedZones().has(resolved) ? resolved : null;
}

export const isTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== null;

/**
 * The browser's zone, written by the web client on every page (src/web/lib/time-zone-cookie.ts) so
 * the server knows it from the first answer of the next request, before any script has run on that
 * page: the swipe game's server-rendered day (docs/decisions/0022). Not a secret and not trusted
 * further than the `time_zone` a call may send: it is checked like one.
 */
export const TIME_ZONE_COOKIE = 'tz';
export const TIME_ZONE_COOKIE_MAX_AGE_DAYS = 365;

/**
 * The zone of a member who never reported one: their country's most populous zone. The site's
 * countries (limits.ts COUNTRIES); anything else gets the Netherlands' zone, where the site is run.
 */
const COUNTRY_ZONES: Record<string, string> = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  IT: 'Europe/Rome',
  FR: 'Europe/Paris',
  CH: 'Europe/Zurich',
  ES: 'Europe/Madrid',
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  PL: 'Europe/Warsaw',
};

export function countryTimeZone(country: string): string {
  return COUNTRY_ZONES[country] ?? 'Europe/Amsterdam';
}
