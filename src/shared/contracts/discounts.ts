import { z } from 'zod';
import { DELETE_REASONS } from './auth.ts';
import { CurrencySchema, PackageIdSchema, PaymentMethodSchema } from './payments.ts';

// The amounts and the built-in codes live in a module without zod, so the pages that price with
// them (/credits, the time bonus) do not load the schemas: re-exported here for the server.
export {
  discountCents,
  discountedAmount,
  isFirstPurchaseKind,
  RETENTION_DISCOUNT,
  TIME_BONUS,
  timeBonusSecondsLeft,
  WELCOME_DISCOUNT,
} from '../discount-amounts.ts';

/**
 * Discount codes (docs/decisions/0032). A code takes a percentage off a package's price; the
 * server computes the amount (`discountedAmount`, the same function the pages show prices with).
 */

/** How often a code may be used: once by each member, once at all, or without limit. */
const DISCOUNT_VALIDITIES = ['once_per_member', 'once', 'unlimited'] as const;
export type DiscountValidity = (typeof DISCOUNT_VALIDITIES)[number];

/**
 * What a code is: one typed in (`code`), the welcome discount (first purchase, a window after
 * sign-up set by `welcome_discount_days`), the time bonus (TIMEBONUS25, 4 hours after sign-up) or
 * the discount a member was given for staying instead of deleting their account (`retention`, one
 * member's own code, once).
 */
const DISCOUNT_KINDS = ['code', 'welcome', 'time_bonus', 'retention'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

const DISCOUNT_CODE_MAX = 40;
const DISCOUNT_CODE_CHARACTERS = /^[A-Za-z0-9_-]*$/;

/** A code as members type it: letters, digits, dashes and underscores; compared in upper case. */
export const DiscountCodeTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(DISCOUNT_CODE_MAX)
  .regex(DISCOUNT_CODE_CHARACTERS)
  .transform((code) => code.toUpperCase());

/**
 * The code field of /credits: empty (no code) or a code by the same rules, kept as typed (the
 * address shows it so). A text no code can have is refused as the server would refuse it.
 */
export const DiscountCodeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .max(DISCOUNT_CODE_MAX, { message: 'discount_code_not_found' })
    .regex(DISCOUNT_CODE_CHARACTERS, { message: 'discount_code_not_found' }),
});

/** GET /api/discountcode.php: a code (with the package and method chosen) or `welcome=true`. */
export const DiscountQuerySchema = z.looseObject({
  code: z.string().max(100).optional(),
  package: PackageIdSchema.optional(),
  method: PaymentMethodSchema.optional(),
  welcome: z.enum(['true', 'false', '1', '0']).optional(),
});

/** A discount as the member sees it: the spec's fields of a code, resolved for them. */
const DiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value_percentage: z.number(),
  /** Also called percentage in the spec. */
  percentage: z.number(),
  country: z.string().nullable(),
  currency: CurrencySchema.nullable(),
  /** In cents of `currency`; null: any order. */
  minimum_order_value: z.number().int().nullable(),
  paymentmethods: z.array(PaymentMethodSchema).nullable(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(DISCOUNT_VALIDITIES),
  expires: z.string().nullable(),
  expired: z.boolean(),
  /** The welcome discount and the time bonus end for this member then (server time). */
  ends_at: z.string().nullable(),
  /** Seconds left until `ends_at`, counted on the server: the page's countdown ignores its own clock. */
  seconds_left: z.number().int().nullable(),
  /** With `package`: that package's price before and after the discount, in the member's currency. */
  amount: z.number().int().nullable(),
  discounted_amount: z.number().int().nullable(),
});
export type Discount = z.infer<typeof DiscountSchema>;
/** A code's answer: the code checked for the member (a refusal is an error with its code). */
export const DiscountResponseSchema = z.object({ discount: DiscountSchema });
export type DiscountResponse = z.infer<typeof DiscountResponseSchema>;
/**
 * With `welcome=true`: the best discount the member has without typing a code (the time bonus, the
 * welcome discount, the discount for staying), or null. Having none is an answer, not an error:
 * the page asks on every visit and a failed request would be logged by the browser.
 */
export const ActiveDiscountResponseSchema = z.object({
  discount: DiscountSchema.nullable(),
  /**
   * The first-purchase discount is held by a payment the member started and has not finished: it
   * is free again if that payment fails, is cancelled or expires.
   */
  first_purchase_reserved: z.boolean(),
});
export type ActiveDiscountResponse = z.infer<typeof ActiveDiscountResponseSchema>;

/** Stay instead of deleting the account: the reason given (found_someone is not offered a discount). */
export const RetentionOfferInputSchema = z.object({ reason: z.enum(DELETE_REASONS) });
/** The discount for staying a member may still be offered (null: none, or already given). */
export const RetentionOfferResponseSchema = z.object({
  offer: z.object({ percentage: z.number().int().positive() }).nullable(),
});
export type RetentionOfferResponse = z.infer<typeof RetentionOfferResponseSchema>;
/** The discount given for staying: a code of the member's own, applied on /credits by itself. */
export const RetentionDiscountResponseSchema = z.object({
  discount: z.object({ code: z.string(), percentage: z.number() }),
});
export type RetentionDiscountResponse = z.infer<typeof RetentionDiscountResponseSchema>;
