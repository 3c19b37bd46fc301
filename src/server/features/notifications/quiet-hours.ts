import { countryTimeZone } from '../../../shared/time-zones.ts';

/** Nights are quiet from 22:00 until 08:00 in the member's zone. */
const QUIET_HOURS = { from: 22, until: 8 } as const;

function localParts(at: Date, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/**
 * When a mail due at `at` may leave: at once by day, else at 08:00 local on the morning that ends
 * the night (a DST change that night shifts it by the hour it moved).
 */
function afterQuietHours(at: Date, zone: string): Date {
  const local = localParts(at, zone);
  if (local.hour >= QUIET_HOURS.until && local.hour < QUIET_HOURS.from) return at;
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const offsetMs = asUtc - Math.floor(at.getTime() / 1000) * 1000;
  const dayShift = local.hour >= QUIET_HOURS.from ? 1 : 0;
  const morningLocal = Date.UTC(local.year, local.month - 1, local.day + dayShift, QUIET_HOURS.until, 0, 0);
  return new Date(morningLocal - offsetMs);
}

/**
 * When a mail or a push due at `at` may reach a member who lives in `country` (its zone: the site
 * keeps no member's own zone): `at` itself by day, else their morning.
 */
export const reachableAt = (at: Date, country: string | null): Date =>
  afterQuietHours(at, countryTimeZone(country ?? ''));
