import { describe, expect, it } from 'vitest';
import { formatWait, waitDuration } from './wait-duration.ts';

const NOW = '2026-11-29T12:00:00.000Z';

describe('waitDuration', () => {
  it('counts minutes, then hours, then days, from the server clock', () => {
    expect(waitDuration('2026-11-29T11:59:30.000Z', NOW)).toEqual({ value: 0, unit: 'minute' });
    expect(waitDuration('2026-11-29T11:01:00.000Z', NOW)).toEqual({ value: 59, unit: 'minute' });
    expect(waitDuration('2026-11-29T10:00:00.000Z', NOW)).toEqual({ value: 2, unit: 'hour' });
    expect(waitDuration('2026-11-27T13:00:00.000Z', NOW)).toEqual({ value: 47, unit: 'hour' });
    expect(waitDuration('2026-11-26T12:00:00.000Z', NOW)).toEqual({ value: 3, unit: 'day' });
  });

  it('never shows a negative wait when the clocks disagree', () => {
    expect(waitDuration('2026-11-29T12:05:00.000Z', NOW)).toEqual({ value: 0, unit: 'minute' });
  });

  it("is written in the staff member's language", () => {
    expect(formatWait('2026-11-29T10:00:00.000Z', NOW, 'nl')).toBe('2 uur');
    expect(formatWait('2026-11-29T11:55:00.000Z', NOW, 'de')).toBe('5 Minuten');
  });
});
