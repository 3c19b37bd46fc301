import { describe, expect, it } from 'vitest';
import { formatAnswerTime, formatCount } from './stats-format.ts';

describe('formatAnswerTime', () => {
  it('writes seconds, minutes and hours in the staff locale, one decimal at most', () => {
    expect(formatAnswerTime(40, 'en')).toBe('40 sec');
    expect(formatAnswerTime(150, 'en')).toBe('2.5 min');
    expect(formatAnswerTime(150, 'nl')).toBe('2,5 min');
    expect(formatAnswerTime(5400, 'de')).toBe('1,5 Std.');
    expect(formatAnswerTime(12.345, 'fr')).toBe('12,3\u202fs');
  });

  it('shows a dash without a time to measure', () => {
    expect(formatAnswerTime(null, 'en')).toBe('–');
  });
});

describe('formatCount', () => {
  it('groups thousands as the locale does', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'de')).toBe('12.345');
  });
});
