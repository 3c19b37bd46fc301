import type { Payment, PaymentDiscount } from '../../../../shared/contracts/payments.ts';
import { PackageIdSchema } from '../../../../shared/contracts/payments.ts';
import type { PaymentRow } from './payments.service.ts';

/** The discount a payment was started with (null: none): the return page and the receipt show it. */
export function presentPaymentDiscount(payment: PaymentRow): PaymentDiscount | null {
  if (!payment.discountCode || payment.discountPercentage === null) return null;
  return {
    code: payment.discountCode,
    percentage: payment.discountPercentage,
    amount: payment.discountCents,
    original_amount: payment.originalAmountCents ?? payment.amountCents + payment.discountCents,
  };
}

/** What the member's return page reads of a payment: nothing of the provider's ids. */
export function presentPayment(payment: PaymentRow): Payment {
  return {
    payment_id: payment.id,
    package: PackageIdSchema.parse(payment.packageId),
    credits: payment.credits,
    amount: payment.amountCents,
    currency: payment.currency,
    method: payment.method,
    status: payment.status,
    failure_reason: payment.failureReason,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    charged_on_mandate: payment.sequenceType === 'recurring',
    discount: presentPaymentDiscount(payment),
  };
}
