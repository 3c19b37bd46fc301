import type { Payment } from '../../../shared/contracts/payments.ts';
import { PackageIdSchema } from '../../../shared/contracts/payments.ts';
import type { PaymentRow } from './payments.service.ts';

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
  };
}
