import { reachableAt } from '../features/notifications/quiet-hours.ts';

/** Places of the site's countries whose zones are far enough apart that one of them has day. */
const PLACES = [
  { country: 'NL', region: 'NL-UT', city: 'Utrecht' },
  { country: 'US', region: 'US-NY', city: 'New York' },
  { country: 'AU', region: 'AU-NSW', city: 'Sydney' },
] as const;

/**
 * A place where it is day (outside the mails' and pushes' quiet hours) at `at` and for the hour
 * after it: for a journey or a benchmark that sends a mail or a push now, whenever it runs, instead
 * of seeing it held for the member's morning.
 */
export function dayPlace(at = new Date()): (typeof PLACES)[number] {
  const day = (when: Date, country: string) => reachableAt(when, country).getTime() === when.getTime();
  const place = PLACES.find((p) => day(at, p.country) && day(new Date(at.getTime() + 3_600_000), p.country));
  if (!place) throw new Error('no place in daytime: the quiet hours cover more than a third of a day');
  return place;
}
