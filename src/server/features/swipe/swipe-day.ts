/**
 * The member's local day in the swipe game, free of the database so it can be tested alone
 * (docs/decisions/0022). A day is a calendar date (YYYY-MM-DD) in an IANA zone, computed with Intl,
 * the same engine that validated the zone (shared/time-zones.ts).
 *
 * Switching zones must not buy likes: the counted day only moves forward, and a zone the browser
 * reports differently waits in `nextTimeZone` until the current day has ended in the current zone.
 */

/** What the game keeps per member about their day (swipe_states). */
export type SwipeDay = {
  timeZone: string;
  nextTimeZone: string | null;
  /** The local day `likes` counts. */
  day: string;
  likes: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (a few hundred at most): creating one costs far more than using it. */
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The calendar date at `at` in `zone`, as YYYY-MM-DD (sorts like the dates it names). */
export function localDate(at: Date | number, zone: string): string {
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatterFor(zone).formatToParts(at)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const HOUR_S = 3_600;

/**
 * The first instant of `day` in `zone`: its local midnight, or the first moment after it where a
 * daylight-saving change skips midnight (America/Santiago, Asia/Beirut). Found by bisection over
 * the 28 hours every UTC offset (−12 to +14) can put it in, to the second.
 */
export function startOfLocalDay(day: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnightS = Date.UTC(y, m - 1, d) / 1000;
  // Local time at lo is at most lo + 14 h: the day before. At hi it is at least hi − 12 h: the day itself.
  let lo = utcMidnightS - 15 * HOUR_S;
  let hi = utcMidnightS + 13 * HOUR_S;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDate(mid * 1000, zone) >= day) hi = mid;
    else lo = mid;
  }
  return new Date(hi * 1000);
}

/** A member's first day in the game. */
export function firstDay(zone: string, now: Date): SwipeDay {
  return { timeZone: zone, nextTimeZone: null, day: localDate(now, zone), likes: 0 };
}

/**
 * The state as it stands at `now`. Once the counted day has ended in the current zone, a reported
 * zone takes effect, and the count starts over if the date there is past the counted day. A zone
 * further west may still be on that day: then the count stays until it is not (the day never
 * moves back).
 */
export function currentDay(state: SwipeDay, now: Date): SwipeDay {
  if (localDate(now, state.timeZone) <= state.day) return state;
  const timeZone = state.nextTimeZone ?? state.timeZone;
  const today = localDate(now, timeZone);
  if (today <= state.day) return { ...state, timeZone, nextTimeZone: null };
  return { timeZone, nextTimeZone: null, day: today, likes: 0 };
}

/** The browser's zone, as reported with a swipe: the same zone clears a pending change, another waits for the next day. */
export function withReportedZone(state: SwipeDay, zone: string | null): SwipeDay {
  if (zone === null) return state;
  return { ...state, nextTimeZone: zone === state.timeZone ? null : zone };
}

/** When the count of a current state (currentDay) starts over: the countdown's end. */
export function resetsAt(state: SwipeDay): Date {
  const next = addDays(state.day, 1);
  const end = startOfLocalDay(next, state.timeZone);
  if (state.nextTimeZone === null || localDate(end, state.nextTimeZone) >= next) return end;
  // The waiting zone takes over at `end` but is still on the counted day there.
  return startOfLocalDay(next, state.nextTimeZone);
}
