import type { PaymentStatus } from '../../shared/contracts/payments.ts';
import {
  type PaymentProvider,
  type ProviderPayment,
  ProviderPaymentNotFound,
} from '../features/payments/providers/payment-provider.ts';

/**
 * A provider whose answers the test sets: what a real provider's API double does, without HTTP,
 * so the order and number of notices are the test's to choose.
 */
export function scriptedProvider() {
  const remote = new Map<string, ProviderPayment>();
  let next = 0;
  /** getPayment's calls so far, and whether it fails as an unreachable provider does. */
  const api = { calls: 0, down: false };
  const provider: PaymentProvider = {
    name: 'test',
    methods: new Set(['ideal', 'creditcard', 'paypal', 'blik', 'prezelewy24', 'bancontact', 'giropay']),
    takes(method) {
      return provider.methods.has(method);
    },
    async createPayment(request) {
      next += 1;
      const id = `scripted_${next}_${Date.now()}`;
      remote.set(id, {
        providerPaymentId: id,
        status: 'open',
        amount: request.amount,
        method: request.method,
        paidAt: null,
        failureReason: null,
        mandateId: null,
        customerId: null,
      });
      return { providerPaymentId: id, checkoutUrl: `https://checkout.example/${id}`, status: 'open' };
    },
    async getPayment(id) {
      api.calls += 1;
      if (api.down) throw new Error('the provider did not answer');
      const payment = remote.get(id);
      if (!payment) throw new ProviderPaymentNotFound(id);
      // A real provider answers after a while: let concurrent notices overlap.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      return { ...payment };
    },
  };
  const set = (id: string, status: PaymentStatus, patch: Partial<ProviderPayment> = {}) => {
    const payment = remote.get(id);
    if (!payment) throw new Error(`no remote payment ${id}`);
    remote.set(id, { ...payment, status, paidAt: status === 'paid' ? new Date() : null, ...patch });
  };
  return { provider, set, api };
}
