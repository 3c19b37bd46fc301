import type { Discount } from '../../../shared/contracts/discounts.ts';
import type { CheckedDiscount } from './discounts.service.ts';

/** A checked discount as the member sees it: the spec's fields, resolved for them at `now`. */
export function presentDiscount(
  discount: CheckedDiscount,
  now: Date,
  price: { amountCents: number; discountedCents: number } | null,
): Discount {
  const { row, endsAt } = discount;
  return {
    code: row.code,
    kind: row.kind,
    value_percentage: row.valuePercentage,
    percentage: row.valuePercentage,
    country: row.country,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    paymentmethods: row.paymentMethods,
    status: row.status,
    validity: row.validity,
    expires: row.expires?.toISOString() ?? null,
    expired: row.expires !== null && row.expires.getTime() <= now.getTime(),
    ends_at: endsAt?.toISOString() ?? null,
    seconds_left: endsAt ? Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)) : null,
    amount: price?.amountCents ?? null,
    discounted_amount: price?.discountedCents ?? null,
  };
}
