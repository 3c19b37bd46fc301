import { TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_MAX_AGE_DAYS } from '../../shared/time-zones.ts';

/** The browser's IANA zone; undefined where Intl cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the browser's zone into the tz cookie when it is missing or another (a trip, a changed
 * clock), so that the server renders the next page in the member's day, not in its own (UTC):
 * a browser sends no zone of its own accord. Runs before hydration, so the page's own calls carry it.
 */
export function rememberTimeZone(doc: Pick<Document, 'cookie'>, zone: string | undefined): void {
  if (!zone) return;
  const current = doc.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${TIME_ZONE_COOKIE}=`))
    ?.slice(TIME_ZONE_COOKIE.length + 1);
  if (current === zone) return;
  doc.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=${TIME_ZONE_COOKIE_MAX_AGE_DAYS * 86_400}; samesite=lax`;
}
