import { z } from 'zod';

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

/**
 * A payment's state, as providers report it. It only moves forward: open → pending → one of the
 * final states (paid, failed, canceled, expired); a notice that would move it back is ignored.
 */
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];
