import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/limits.ts';
import { canonicalTimeZone, countryTimeZone } from '../../../shared/time-zones.ts';
import {
  addDays,
  currentDay,
  firstDay,
  localDate,
  resetsAt,
  type SwipeDay,
  startOfLocalDay,
  withReportedZone,
} from './swipe-day.ts';

const at = (iso: string) => new Date(iso);

describe('localDate and startOfLocalDay', () => {
  it('gives the calendar date in the zone, not in UTC', () => {
    const instant = at('2026-11-24T23:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-11-24');
    expect(localDate(instant, 'Europe/Amsterdam')).toBe('2026-11-25');
    expect(localDate(instant, 'America/New_York')).toBe('2026-11-24');
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2026-11-25');
    expect(localDate(at('2026-11-24T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2026-11-24');
  });

  it('finds local midnight in winter and summer time', () => {
    expect(startOfLocalDay('2026-11-25', 'Europe/Amsterdam').toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', 'Europe/Amsterdam').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfLocalDay('2026-11-25', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-11-24T10:00:00.000Z',
    );
    expect(startOfLocalDay('2026-11-25', 'Pacific/Pago_Pago').toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(startOfLocalDay('2026-11-25', 'Asia/Calcutta').toISOString()).toBe('2026-11-24T18:30:00.000Z');
  });

  it('starts a day whose midnight a clock change skips at the first moment that exists', () => {
    // Chile moves its clocks from 00:00 to 01:00 on the first Sunday of September.
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(start.getTime() - 1000, 'America/Santiago')).toBe('2026-09-05');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('canonicalTimeZone', () => {
  it('accepts the zones browsers report, under one name, and refuses the rest', () => {
    expect(canonicalTimeZone('Europe/Amsterdam')).toBe('Europe/Amsterdam');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('US/Pacific')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe(canonicalTimeZone('Asia/Calcutta'));
    for (const bad of ['', 'Mars/Olympus_Mons', 'Etc/GMT+5', 'Europe/Amsterdam; drop', 'x'.repeat(80)])
      expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it('knows a zone for every country of the site', () => {
    for (const country of COUNTRIES)
      expect(canonicalTimeZone(countryTimeZone(country)), country).toBe(countryTimeZone(country));
    expect(countryTimeZone('ZZ')).toBe('Europe/Amsterdam');
  });
});

describe('currentDay', () => {
  const amsterdam: SwipeDay = {
    timeZone: 'Europe/Amsterdam',
    nextTimeZone: null,
    day: '2026-11-24',
    likes: 4,
  };

  it('keeps the count until the local day ends, then starts over', () => {
    expect(currentDay(amsterdam, at('2026-11-24T22:59:59Z'))).toEqual(amsterdam);
    expect(currentDay(amsterdam, at('2026-11-24T23:00:00Z'))).toEqual({
      ...amsterdam,
      day: '2026-11-25',
      likes: 0,
    });
  });

  it('starts over once after days away', () => {
    expect(currentDay(amsterdam, at('2026-12-10T12:00:00Z'))).toEqual({
      ...amsterdam,
      day: '2026-12-10',
      likes: 0,
    });
  });

  it('lets a reported zone wait until the day ends, then counts in it', () => {
    // 23:30 in Amsterdam is already tomorrow on Kiritimati: that buys nothing today.
    const reported = withReportedZone(amsterdam, 'Pacific/Kiritimati');
    expect(reported.nextTimeZone).toBe('Pacific/Kiritimati');
    expect(currentDay(reported, at('2026-11-24T22:30:00Z'))).toEqual(reported);
    expect(currentDay(reported, at('2026-11-24T23:00:00Z'))).toEqual({
      timeZone: 'Pacific/Kiritimati',
      nextTimeZone: null,
      day: '2026-11-25',
      likes: 0,
    });
  });

  it('never moves the day back: a zone further west waits until its date passes the counted day', () => {
    const kiritimati: SwipeDay = {
      timeZone: 'Pacific/Kiritimati',
      nextTimeZone: null,
      day: '2026-11-25',
      likes: 4,
    };
    const west = withReportedZone(kiritimati, 'America/New_York');
    // Kiritimati's 25th ends at 10:00 UTC on the 25th: New York is still on the 25th then.
    const switched = currentDay(west, at('2026-11-25T10:00:00Z'));
    expect(switched).toEqual({
      timeZone: 'America/New_York',
      nextTimeZone: null,
      day: '2026-11-25',
      likes: 4,
    });
    expect(resetsAt(west).toISOString()).toBe('2026-11-26T05:00:00.000Z');
    expect(currentDay(switched, at('2026-11-26T04:59:59Z')).likes).toBe(4);
    expect(currentDay(switched, at('2026-11-26T05:00:00Z'))).toEqual({
      ...switched,
      day: '2026-11-26',
      likes: 0,
    });
  });

  it('reporting the current zone again drops a waiting change', () => {
    const reported = withReportedZone(amsterdam, 'Asia/Tokyo');
    expect(withReportedZone(reported, 'Europe/Amsterdam').nextTimeZone).toBeNull();
    expect(withReportedZone(reported, null)).toEqual(reported);
  });
});

describe('resetsAt', () => {
  it('is the next local midnight of the counted day', () => {
    const day = firstDay('Europe/Amsterdam', at('2026-11-24T10:00:00Z'));
    expect(day).toEqual({ timeZone: 'Europe/Amsterdam', nextTimeZone: null, day: '2026-11-24', likes: 0 });
    expect(resetsAt(day).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(resetsAt(firstDay('Asia/Tokyo', at('2026-11-24T10:00:00Z'))).toISOString()).toBe(
      '2026-11-24T15:00:00.000Z',
    );
  });

  it('is exactly when currentDay starts the count over, whatever zones are switched', () => {
    const zones = [
      'Europe/Amsterdam',
      'Pacific/Kiritimati',
      'America/New_York',
      'Pacific/Pago_Pago',
      'Asia/Tokyo',
    ];
    for (const from of zones) {
      for (const to of [null, ...zones]) {
        const state = withReportedZone(
          { timeZone: from, nextTimeZone: null, day: localDate(at('2026-11-24T12:00:00Z'), from), likes: 4 },
          to,
        );
        const end = resetsAt(state);
        expect(currentDay(state, new Date(end.getTime() - 1000)).likes, `${from} → ${to}`).toBe(4);
        expect(currentDay(state, end).likes, `${from} → ${to}`).toBe(0);
      }
    }
  });

  it('gives a member hopping zones every hour no more likes than one who stays put', () => {
    /** Ten days; every hour the member likes all they can, after reporting `zoneAt(hour)`. */
    const likesOver10Days = (zoneAt: (state: SwipeDay) => string) => {
      const start = Date.parse('2026-11-24T00:00:00Z');
      let state = firstDay('Europe/Amsterdam', new Date(start));
      let liked = 0;
      for (let h = 0; h < 24 * 10; h++) {
        state = withReportedZone(currentDay(state, new Date(start + h * 3_600_000)), zoneAt(state));
        liked += 4 - state.likes;
        state = { ...state, likes: 4 };
      }
      return liked;
    };
    // 01:00 on the 24th to 00:00 on 4 December in Amsterdam: eleven local days.
    const stayingPut = likesOver10Days(() => 'Europe/Amsterdam');
    expect(stayingPut).toBe(4 * 11);
    // Each hop to the zone furthest from the one in effect (26 hours apart).
    const hopping = likesOver10Days((state) =>
      state.timeZone === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati',
    );
    expect(hopping).toBeLessThanOrEqual(stayingPut);
    // Eastward only: one day gained at most by moving 13 hours ahead once.
    expect(likesOver10Days(() => 'Pacific/Kiritimati')).toBeLessThanOrEqual(stayingPut + 4);
  });
});
