import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  DirectDebitForm,
  MandatePaymentResponse,
  RepeatOrderResponse,
  SmsChallenge,
} from '../../../shared/contracts/direct-debit.ts';
import type {
  CreditOffersResponse,
  PaymentResponse,
  StartPaymentInput,
  StartPaymentResponse,
} from '../../../shared/contracts/payments.ts';
import type {
  LedgerResponse,
  TransactionResponse,
  TransactionsResponse,
} from '../../../shared/contracts/transactions.ts';
import { FINAL_PAYMENT_STATUSES } from '../../../shared/payment-statuses.ts';
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
const PAYMENT_POLL_MS = 2_000;

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

/** POST /api/payment.php: the package, the method, a code; the server computes the amount. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (choice: StartPaymentInput) =>
      request<StartPaymentResponse>('/api/payment.php', { method: 'POST', body: choice }),
  });
}

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (page: number) => [...transactionKeys.all, 'list', page] as const,
  one: (id: string) => [...transactionKeys.all, 'one', id] as const,
  ledger: (start: number | null) => [...transactionKeys.all, 'ledger', start] as const,
};

/**
 * GET /api/transactions.php: the member's payments, newest first, 50 a page. While the pager's next
 * page is read, the page before stays (the history below it does not jump up and back).
 */
export function transactionsQuery(page: number) {
  return queryOptions({
    queryKey: transactionKeys.list(page),
    queryFn: () => getJson<TransactionsResponse>(`/api/transactions.php?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/transaction.php?id=: one payment, for its receipt. */
export function transactionQuery(id: string) {
  return queryOptions({
    queryKey: transactionKeys.one(id),
    queryFn: async () =>
      (await getJson<TransactionResponse>(`/api/transaction.php?id=${encodeURIComponent(id)}`)).transaction,
    retry: false,
  });
}

/**
 * GET /api/credit-ledger.php: the member's credit history, keyset-paged with `before`, from the
 * newest entry or (`start`) from the entries older than that id.
 */
export function ledgerQuery(start: number | null) {
  return infiniteQueryOptions({
    queryKey: transactionKeys.ledger(start),
    queryFn: ({ pageParam }) =>
      getJson<LedgerResponse>(`/api/credit-ledger.php${pageParam ? `?before=${pageParam}` : ''}`),
    initialPageParam: start,
    getNextPageParam: (last) => last.next_before,
  });
}

/** GET /api/repeat-order.php: the member's last paid purchase, or null. */
export function repeatOrderQuery() {
  return queryOptions({
    queryKey: [...paymentKeys.all, 'repeat-order'] as const,
    queryFn: async () => (await getJson<RepeatOrderResponse>('/api/repeat-order.php')).repeat_order,
    staleTime: 0,
  });
}

/** POST /api/repeat-order.php: the paid payment to repeat; answers where to go next. */
export function useRepeatOrder() {
  return useMutation({
    mutationFn: (paymentId: string) =>
      request<MandatePaymentResponse>('/api/repeat-order.php', {
        method: 'POST',
        body: { payment_id: paymentId },
      }),
  });
}

/** The direct-debit form (/directdebit): the form, a new code, and the code that signs. */
export function useDirectDebit() {
  const start = useMutation({
    mutationFn: (form: DirectDebitForm) =>
      request<SmsChallenge>('/api/direct-debit.php', { method: 'POST', body: form }),
  });
  const resend = useMutation({
    mutationFn: (mandateId: string) =>
      request<SmsChallenge>('/api/direct-debit-resend.php', {
        method: 'POST',
        body: { mandate_id: mandateId },
      }),
  });
  const sign = useMutation({
    mutationFn: (input: { mandate_id: string; otp: string }) =>
      request<MandatePaymentResponse>('/api/direct-debit-sign.php', { method: 'POST', body: input }),
  });
  return { start, resend, sign };
}
