import { describe, expect, it } from 'vitest';
import { discountCents, discountedAmount, timeBonusSecondsLeft } from './discounts.ts';

describe('the discounted price (integer cents, the same on server and page)', () => {
  it('takes the percentage off, rounded half up to the cent', () => {
    expect(discountCents(1495, 25)).toBe(374); // 3,7375
    expect(discountCents(5995, 10)).toBe(600); // 5,995
    expect(discountCents(5995, 12.5)).toBe(749); // 7,49375
    expect(discountCents(2, 25)).toBe(1); // 0,5: half up
    expect(discountedAmount(2995, 20)).toBe(2396);
  });

  it('never takes the whole price: at least a cent is paid', () => {
    expect(discountedAmount(1495, 100)).toBe(1);
    expect(discountedAmount(1, 50)).toBe(1);
  });

  it('counts the time bonus’s seconds from sign-up, none once paid or after 4 hours', () => {
    const signup = new Date('2026-11-25T00:00:00Z');
    expect(timeBonusSecondsLeft(signup, false, new Date('2026-11-25T01:00:00Z'))).toBe(3 * 3600);
    expect(timeBonusSecondsLeft(signup, false, new Date('2026-11-25T03:59:59.500Z'))).toBe(1);
    expect(timeBonusSecondsLeft(signup, false, new Date('2026-11-25T04:00:00Z'))).toBe(0);
    expect(timeBonusSecondsLeft(signup, true, new Date('2026-11-25T01:00:00Z'))).toBe(0);
    // A clock before the sign-up (a skewed server) still gives no more than 4 hours.
    expect(timeBonusSecondsLeft(signup, false, new Date('2026-11-24T23:00:00Z'))).toBe(14_400);
  });
});
