import { describe, expect, it } from 'vitest';
import { ageOn } from '../../../shared/contracts/members.ts';
import { decodeCursor, encodeCursor, latestBirthDateForAge } from './search.service.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const isoDays = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(day(from).getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );

describe('latestBirthDateForAge', () => {
  it('agrees with ageOn for every birth date around the bound, leap days included', () => {
    for (const today of [
      '2026-06-01',
      '2024-02-29',
      '2025-02-28',
      '2025-03-01',
      '2026-12-31',
      '2028-02-29',
    ]) {
      for (const years of [18, 25, 30, 70]) {
        const bound = latestBirthDateForAge(day(today), years);
        const year = Number(today.slice(0, 4)) - years;
        for (const birth of isoDays(`${year - 1}-12-01`, 500)) {
          expect(birth <= bound, `${birth} on ${today}, ${years}`).toBe(ageOn(birth, day(today)) >= years);
        }
      }
    }
  });
});

describe('search cursor', () => {
  it('round-trips and refuses anything else', () => {
    for (const total of [
      { count: 789, more: false },
      { count: 1_000, more: true },
    ]) {
      expect(decodeCursor(encodeCursor(123_456, total))).toEqual({ lastId: 123_456, total });
    }
    for (const bad of [
      '',
      'abc',
      'MTIz',
      'MC4w',
      `${encodeCursor(5, { count: 1, more: false })}=`,
      Buffer.from('1.2++').toString('base64url'),
      Buffer.from('1.+').toString('base64url'),
      Buffer.from('1.2.3').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad), bad).toThrow();
    }
  });
});
