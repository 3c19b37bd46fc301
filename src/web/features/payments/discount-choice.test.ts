import { describe, expect, it } from 'vitest';
import type { Discount } from '../../../shared/contracts/discounts.ts';
import type { CreditOffer } from '../../../shared/contracts/payments.ts';
import { activeBeatsCode, bestPrice } from './discount-choice.ts';

const starter: CreditOffer = { id: 'p0', credits: 100, amount: 1495, currency: 'EUR', popular: false };
const big: CreditOffer = { id: 'p2', credits: 500, amount: 5995, currency: 'EUR', popular: true };

const discount = (code: string, percentage: number, fields: Partial<Discount> = {}): Discount => ({
  code,
  kind: 'code',
  value_percentage: percentage,
  percentage,
  country: null,
  currency: null,
  minimum_order_value: null,
  paymentmethods: null,
  status: 'active',
  validity: 'once_per_member',
  expires: null,
  expired: false,
  ends_at: null,
  seconds_left: null,
  amount: null,
  discounted_amount: null,
  ...fields,
});

const timeBonus = discount('TIMEBONUS25', 25, { kind: 'time_bonus' });

describe('the price a member pays with a typed code and their own discount', () => {
  it('keeps the time bonus when a smaller code is typed: DEMO10 does not raise € 11,21 to € 13,45', () => {
    const price = bestPrice(starter, { typed: discount('DEMO10', 10), active: timeBonus });
    expect(price).toMatchObject({
      kind: 'discounted',
      amount: 1121,
      code: 'TIMEBONUS25',
      discountKind: 'time_bonus',
    });
    expect(activeBeatsCode(discount('DEMO10', 10), timeBonus)).toBe(true);
  });

  it('keeps the time bonus below a code’s minimum, and says why the code does not apply there', () => {
    const demo20 = discount('DEMO20', 20, { minimum_order_value: 2000, currency: 'EUR' });
    expect(bestPrice(starter, { typed: demo20, active: timeBonus })).toEqual({
      kind: 'discounted',
      amount: 1121,
      original: 1495,
      percentage: 25,
      code: 'TIMEBONUS25',
      discountKind: 'time_bonus',
      codeNotHere: { kind: 'below_minimum', minimum: 2000, currency: 'EUR' },
    });
  });

  it('applies a bigger code, and the code on a tie (as the server does)', () => {
    expect(bestPrice(big, { typed: discount('BIG30', 30), active: timeBonus })).toMatchObject({
      code: 'BIG30',
    });
    expect(bestPrice(big, { typed: discount('SAME25', 25), active: timeBonus })).toMatchObject({
      code: 'SAME25',
    });
    expect(activeBeatsCode(discount('SAME25', 25), timeBonus)).toBe(false);
  });

  it('prices with whichever there is, and shows a code’s refusal without one', () => {
    expect(bestPrice(starter, { typed: null, active: timeBonus })).toMatchObject({ amount: 1121 });
    expect(bestPrice(starter, { typed: discount('X10', 10), active: null })).toMatchObject({ amount: 1345 });
    expect(
      bestPrice(starter, {
        typed: discount('DEMO20', 20, { minimum_order_value: 2000, currency: 'EUR' }),
        active: null,
      }),
    ).toEqual({ kind: 'below_minimum', minimum: 2000, currency: 'EUR' });
    expect(bestPrice(starter, { typed: null, active: null })).toBeNull();
  });
});
