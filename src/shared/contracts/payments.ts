import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payment-statuses.ts';

/** The 18 payment methods of the spec, by the names the site uses in its addresses. */
export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'cartebancaire',
  'nexi',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** The currencies prices are kept in (integer cents); a member pays in their country's. */
export const CURRENCIES = ['EUR', 'PLN', 'CHF', 'GBP', 'USD', 'CAD', 'AUD', 'NZD'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** A payment's state (payment-statuses.ts: it only moves forward). */
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export { FINAL_PAYMENT_STATUSES, type PaymentStatus } from '../payment-statuses.ts';

/** The four packages of the settings (p0–p3). */
export const PackageIdSchema = z.enum(['p0', 'p1', 'p2', 'p3']);
export type PackageId = z.infer<typeof PackageIdSchema>;

/** A package as the member sees it: price in their currency (integer cents), computed on the server. */
const CreditOfferSchema = z.object({
  id: PackageIdSchema,
  credits: z.number().int().positive(),
  amount: z.number().int().positive(),
  currency: CurrencySchema,
  popular: z.boolean(),
});
export type CreditOffer = z.infer<typeof CreditOfferSchema>;

/** GET /api/credit-packages.php: the packages and the methods the member can pay with. */
export const CreditOffersResponseSchema = z.object({
  packages: z.array(CreditOfferSchema),
  methods: z.array(PaymentMethodSchema),
  currency: CurrencySchema,
  country: z.string(),
});
export type CreditOffersResponse = z.infer<typeof CreditOffersResponseSchema>;

/** POST /api/payment.php: only what the member chose; the amount is the server's. */
export const StartPaymentInputSchema = z.object({
  package: PackageIdSchema,
  method: PaymentMethodSchema,
  /** A discount code (typed, or the member's active discount); the server checks and applies it. */
  discount_code: z.string().trim().max(100).optional(),
  /**
   * The amount the page showed (cents). Only compared: when it differs from what the server
   * computes (a tampered price, or a price or discount that changed meanwhile) nothing starts.
   */
  amount: z.number().int().positive().optional(),
});
export type StartPaymentInput = z.infer<typeof StartPaymentInputSchema>;

export const StartPaymentResponseSchema = z.object({
  payment_id: z.uuid(),
  /** Where the browser goes next: the provider's checkout. */
  checkout_url: z.string(),
});
export type StartPaymentResponse = z.infer<typeof StartPaymentResponseSchema>;

/** The discount stored on a payment (docs/decisions/0032), for the confirm, return and receipt pages. */
export const PaymentDiscountSchema = z.object({
  code: z.string(),
  percentage: z.number(),
  /** What the discount took off, and the price before it (cents); `amount` is what was charged. */
  amount: z.number().int(),
  original_amount: z.number().int(),
});
export type PaymentDiscount = z.infer<typeof PaymentDiscountSchema>;

/** GET /api/payment.php?id=: the return page's view of one of the member's payments (read only). */
export const PaymentSchema = z.object({
  payment_id: z.uuid(),
  package: PackageIdSchema,
  credits: z.number().int().positive(),
  amount: z.number().int().positive(),
  currency: CurrencySchema,
  method: PaymentMethodSchema,
  status: PaymentStatusSchema,
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Charged on a stored mandate with no checkout (a repeat order, a signed direct debit): decision 0033. */
  charged_on_mandate: z.boolean().optional(),
  discount: PaymentDiscountSchema.nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;
export const PaymentResponseSchema = z.object({ payment: PaymentSchema });
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;

/**
 * Failure reasons the return page explains in the member's language (Mollie's failure reasons and
 * ours); any other reason a provider gives is shown as it came.
 */
export const KNOWN_FAILURE_REASONS = [
  'declined',
  'insufficient_funds',
  'card_expired',
  'card_declined',
  'authentication_failed',
  'provider_error',
] as const;
export type KnownFailureReason = (typeof KNOWN_FAILURE_REASONS)[number];
