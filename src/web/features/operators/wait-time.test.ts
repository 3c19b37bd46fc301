import { describe, expect, it } from 'vitest';
import { untilFirstClaimEnds, waitedSeconds, waitParts } from './wait-time.ts';

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

  it('reads the list again when the first claim on it ends, by the server clock', () => {
    const serverNow = '2026-11-29T08:00:00.000Z';
    const clientAt = Date.parse('2026-11-29T09:00:00.000Z');
    const ends = [null, '2026-11-29T08:03:00.000Z', '2026-11-29T08:01:00.000Z'];
    expect(untilFirstClaimEnds(ends, serverNow, clientAt, clientAt)).toBe(60_500);
    expect(untilFirstClaimEnds(ends, serverNow, clientAt, clientAt + 20_000)).toBe(40_500);
    // Ended already (the tab slept): at once.
    expect(untilFirstClaimEnds(ends, serverNow, clientAt, clientAt + 90_000)).toBe(500);
    expect(untilFirstClaimEnds([null, null], serverNow, clientAt, clientAt)).toBeNull();
  });
});
