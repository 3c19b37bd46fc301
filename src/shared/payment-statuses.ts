/**
 * A payment's state, as providers report it. It only moves forward: open → pending → one of the
 * final states (paid, failed, canceled, expired); a notice that would move it back is ignored.
 * Without zod, so the pages that poll a payment do not load the schemas (contracts/payments.ts
 * re-exports these with the schema).
 */
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];
