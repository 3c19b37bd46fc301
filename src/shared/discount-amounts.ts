import { LIMITS } from './limits.ts';

/*
 * The amounts of discounts (docs/decisions/0032), shared by the server and the pages, without zod:
 * the credits page and the time bonus load this, not the discount contract's schemas.
 */

/** The spec's time bonus (§9): code TIMEBONUS25, 25.0 percent, once per member, 14,400 s from sign-up. */
export const TIME_BONUS = { code: 'TIMEBONUS25', percentage: 25, seconds: LIMITS.timeBonusSeconds } as const;
/** The welcome discount: 25% on the first purchase, for `welcome_discount_days` after sign-up. */
export const WELCOME_DISCOUNT = { code: 'WELCOME25', percentage: 25 } as const;

/**
 * The discount for staying instead of deleting the account: a code of the member's own,
 * `STAY-<member id>` (one per member; the percentage is the company's `delete_discount`).
 */
export const RETENTION_DISCOUNT = { codePrefix: 'STAY-' } as const;

/**
 * The kinds that are a first purchase's discount: a member gets one of them, once, whichever code
 * (docs/decisions/0032, addendum).
 */
const FIRST_PURCHASE_KINDS = ['welcome', 'time_bonus'] as const;
export const isFirstPurchaseKind = (kind: string) =>
  (FIRST_PURCHASE_KINDS as readonly string[]).includes(kind);

/**
 * What kind of discount a code a payment carries is, by its text: the built-in codes and the
 * discount for staying are named by their kind (the time bonus, not TIMEBONUS25), as the page named
 * them when the member chose; any other code by itself.
 */
export function discountKindOfCode(code: string): 'code' | 'welcome' | 'time_bonus' | 'retention' {
  if (code === TIME_BONUS.code) return 'time_bonus';
  if (code === WELCOME_DISCOUNT.code) return 'welcome';
  if (code.startsWith(RETENTION_DISCOUNT.codePrefix)) return 'retention';
  return 'code';
}

/**
 * The discount in integer cents: the percentage of the amount, rounded half up to the cent (a
 * member never pays half a cent more than the percentage says), and never the whole price: at
 * least one cent is paid. Percentages carry two decimals (12.5 %), so all of it is integer math.
 */
export function discountCents(amountCents: number, percentage: number): number {
  const hundredths = Math.round(percentage * 100);
  const discount = Math.floor((amountCents * hundredths + 5_000) / 10_000);
  return Math.min(Math.max(discount, 0), amountCents - 1);
}

export const discountedAmount = (amountCents: number, percentage: number) =>
  amountCents - discountCents(amountCents, percentage);

/** Seconds left of a member's time bonus at `now` (0: none, or over): never paid, 4 hours from sign-up. */
export function timeBonusSecondsLeft(signupDate: Date, paidUser: boolean, now: Date): number {
  if (paidUser) return 0;
  const left = Math.ceil((signupDate.getTime() + TIME_BONUS.seconds * 1000 - now.getTime()) / 1000);
  return Math.min(Math.max(left, 0), TIME_BONUS.seconds);
}
