import type { FastifyRequest } from 'fastify';
import { canonicalTimeZone, TIME_ZONE_COOKIE } from '../../shared/time-zones.ts';

/**
 * The browser's zone, canonical: the one the call sends (validated by the contract), else the tz
 * cookie the web client writes on every page, so that a page rendered on the server and a call
 * without `time_zone` count the member's day where they are. A cookie Intl does not know is ignored.
 */
export function browserZoneOf(request: Pick<FastifyRequest, 'cookies'>, sent?: string): string | null {
  if (sent !== undefined) return canonicalTimeZone(sent);
  const cookie = request.cookies[TIME_ZONE_COOKIE];
  return cookie ? canonicalTimeZone(cookie) : null;
}
