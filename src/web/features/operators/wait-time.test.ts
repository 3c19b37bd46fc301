import { describe, expect, it } from 'vitest';
import { waitedSeconds, waitParts } from './wait-time.ts';

describe('the queue waits', () => {
  it('counts from the server clock, moved on by the browser time since the answer', () => {
    const serverNow = '2026-11-29T08:00:00.000Z';
    // The browser's clock is an hour off: it does not matter, only its passing time does.
    const clientAt = Date.parse('2026-11-29T09:00:00.000Z');
    expect(waitedSeconds('2026-11-29T07:58:30.000Z', serverNow, clientAt, clientAt)).toBe(90);
    expect(waitedSeconds('2026-11-29T07:58:30.000Z', serverNow, clientAt, clientAt + 15_000)).toBe(105);
    expect(waitedSeconds('2026-11-29T08:00:05.000Z', serverNow, clientAt, clientAt)).toBe(0);
  });

  it('shows seconds under a minute, whole minutes after', () => {
    expect(waitParts(42)).toEqual({ seconds: 42 });
    expect(waitParts(60)).toEqual({ minutes: 1 });
    expect(waitParts(3599)).toEqual({ minutes: 59 });
  });
});
