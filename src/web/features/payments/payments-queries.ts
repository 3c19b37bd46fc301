import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type CreditOffersResponse,
  FINAL_PAYMENT_STATUSES,
  type PackageId,
  type PaymentMethod,
  type PaymentResponse,
  type StartPaymentResponse,
} from '../../../shared/contracts/payments.ts';
import { getJson, request } from '../../lib/api.ts';

export const paymentKeys = {
  all: ['payments'] as const,
  offers: () => [...paymentKeys.all, 'offers'] as const,
  payment: (id: string) => [...paymentKeys.all, 'payment', id] as const,
};

/** GET /api/credit-packages.php: the packages in the member's currency and the methods open to them. */
export function creditOffersQuery() {
  return queryOptions({
    queryKey: paymentKeys.offers(),
    queryFn: () => getJson<CreditOffersResponse>('/api/credit-packages.php'),
    staleTime: 60_000,
  });
}

/** While the provider has not settled it, the return page asks again this often. */
export const PAYMENT_POLL_MS = 2_000;

/** GET /api/payment.php?id=: the return page's payment, polled until it is final (it never grants). */
export function paymentQuery(id: string) {
  return queryOptions({
    queryKey: paymentKeys.payment(id),
    queryFn: async () =>
      (await getJson<PaymentResponse>(`/api/payment.php?id=${encodeURIComponent(id)}`)).payment,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && FINAL_PAYMENT_STATUSES.includes(status) ? false : PAYMENT_POLL_MS;
    },
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** POST /api/payment.php: only the package and the method; the server computes the amount. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (choice: { package: PackageId; method: PaymentMethod }) =>
      request<StartPaymentResponse>('/api/payment.php', { method: 'POST', body: choice }),
  });
}
