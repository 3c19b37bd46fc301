import type { Discount, DiscountKind } from '../../../shared/contracts/discounts.ts';
import type { CreditOffer, PaymentMethod } from '../../../shared/contracts/payments.ts';
import { discountedAmount } from '../../../shared/discount-amounts.ts';

/** Why a typed code does not price a package: below its minimum, or not with this method. */
export type CodeNotHere =
  | { kind: 'below_minimum'; minimum: number; currency: string }
  | { kind: 'other_method'; methods: PaymentMethod[] };

/**
 * A package's price with a discount: the same rounding as the server (shared/discount-amounts.ts).
 * `discountKind` names it as the receipt will (the time bonus, not TIMEBONUS25); `codeNotHere`
 * says why a typed code gave way to the member's own discount on this package.
 */
export type DiscountedPrice =
  | {
      kind: 'discounted';
      amount: number;
      original: number;
      percentage: number;
      code: string;
      discountKind: DiscountKind;
      codeNotHere?: CodeNotHere;
    }
  | CodeNotHere
  | null;

/** One discount on one package (and method, once chosen). */
function priceWithDiscount(
  offer: CreditOffer,
  discount: Discount | null,
  method?: PaymentMethod | null,
): DiscountedPrice {
  if (!discount) return null;
  if (discount.currency && discount.currency !== offer.currency) return null;
  if (discount.minimum_order_value !== null && offer.amount < discount.minimum_order_value)
    return {
      kind: 'below_minimum',
      minimum: discount.minimum_order_value,
      currency: discount.currency ?? offer.currency,
    };
  if (method && discount.paymentmethods && !discount.paymentmethods.includes(method))
    return { kind: 'other_method', methods: discount.paymentmethods };
  return {
    kind: 'discounted',
    amount: discountedAmount(offer.amount, discount.percentage),
    original: offer.amount,
    percentage: discount.percentage,
    code: discount.code,
    discountKind: discount.kind,
  };
}

/**
 * The price a member pays for a package: the better of the typed code and their own discount (the
 * server charges the same: the best applies, a tie goes to the typed code). When the typed code
 * does not price this package, the member's own discount does, and the card says why the code
 * does not.
 */
export function bestPrice(
  offer: CreditOffer,
  discounts: { typed: Discount | null; active: Discount | null },
  method?: PaymentMethod | null,
): DiscountedPrice {
  const typed = priceWithDiscount(offer, discounts.typed, method);
  const active = priceWithDiscount(offer, discounts.active, method);
  if (active?.kind !== 'discounted') return typed ?? active;
  if (typed?.kind === 'discounted') return typed.amount <= active.amount ? typed : active;
  return typed ? { ...active, codeNotHere: typed } : active;
}

/**
 * Whether the member's own discount takes more off than the typed code (its percentage is higher):
 * the page says so, since that discount is what they pay with.
 */
export function activeBeatsCode(typed: Discount | null, active: Discount | null): active is Discount {
  return Boolean(typed && active && active.percentage > typed.percentage);
}
