import type { PaymentMethod } from '../../../shared/contracts/payments.ts';

/** A method's logo (public/payment-methods, drawn locally); its name is always written beside it. */
export function MethodLogo({ method }: { method: PaymentMethod }) {
  return <img className="method-logo" src={`/payment-methods/${method}.svg`} alt="" width={48} height={32} />;
}
