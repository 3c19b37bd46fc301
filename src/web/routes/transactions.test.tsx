import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, type LoaderFunctionArgs, RouterProvider, useLoaderData } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { LedgerResponse, TransactionsFirstPages } from '../../shared/contracts/transactions.ts';
import common from '../../shared/i18n/locales/en/common.json' with { type: 'json' };
import payments from '../../shared/i18n/locales/en/payments.json' with { type: 'json' };
import { I18nProvider } from '../lib/i18n.tsx';
import { fetchMockForEachTest, jsonResponse } from '../test/fetch-mock.ts';
import { paidTransaction } from '../test/transactions.ts';
import TransactionsPage, { shouldRevalidate } from './transactions.tsx';

/**
 * /transactions with scripts: a pager click reads the next page of payments through the API (one
 * call) and keeps the credit history below as it is; the loader, which reads both, is not asked again.
 */
const payment = (n: number) => paidTransaction(n, 1210 + n);
const ledger: LedgerResponse = {
  entries: [
    {
      id: 7,
      kind: 'grant',
      delta: 40,
      shortfall: 0,
      balance_after: 70,
      reason: 'purchase',
      created_at: '2026-11-20T12:00:00.000Z',
    },
  ],
  next_before: null,
};
const firstPages = (page: number): TransactionsFirstPages => ({
  payments: { transactions: [payment(page)], page, has_more: true },
  ledger,
  time_zone: 'UTC',
});

/** The route's loader as the server answers it, for the page the address names. */
async function loadFirstPages({ request }: LoaderFunctionArgs) {
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
  return { texts: payments, title: 'Transactions', query: { page }, first: firstPages(page), receipt: null };
}

function Page() {
  const loaderData = useLoaderData<typeof loadFirstPages>();
  // The page reads its loader data only (the route's other props are the framework's).
  const props = { loaderData } as unknown as Parameters<typeof TransactionsPage>[0];
  return <TransactionsPage {...props} />;
}

const NoFallback = () => null;

function renderPage(address: string) {
  const loader = vi.fn(loadFirstPages);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const router = createMemoryRouter(
    [{ path: '/transactions/:id?', loader, shouldRevalidate, Component: Page, HydrateFallback: NoFallback }],
    { initialEntries: [address] },
  );
  render(
    <QueryClientProvider client={client}>
      <I18nProvider locale="en" messages={{ ...common, ...payments }}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { loader, router };
}

describe('/transactions’ pager with scripts', () => {
  const fetchMock = fetchMockForEachTest();

  it('reads the next page of payments alone, and keeps the credit history', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, firstPages(2).payments));
    const { loader, router } = renderPage('/transactions');
    await screen.findByText('€12.11', { exact: false });
    expect(loader).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: payments.transactions.older }));
    await screen.findByText('€12.12', { exact: false });
    expect(router.state.location.search).toBe('?page=2');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/transactions.php?page=2']);
    expect(screen.getByText('Balance: 70')).toBeTruthy();
  });

  it('asks the loader again for a new start of the history, a receipt, a submission', () => {
    const at = (path: string) => new URL(path, 'http://localhost');
    const args = (from: string, to: string, formMethod?: 'POST') =>
      ({
        currentUrl: at(from),
        nextUrl: at(to),
        formMethod,
        defaultShouldRevalidate: true,
      }) as Parameters<typeof shouldRevalidate>[0];
    expect(shouldRevalidate(args('/transactions', '/transactions?page=2'))).toBe(false);
    expect(shouldRevalidate(args('/transactions?page=2&before=9', '/transactions?page=3&before=9'))).toBe(
      false,
    );
    expect(shouldRevalidate(args('/transactions?page=2', '/transactions?page=2&before=9'))).toBe(true);
    expect(shouldRevalidate(args('/transactions', '/transactions/abc'))).toBe(true);
    expect(shouldRevalidate(args('/transactions', '/transactions'))).toBe(true);
    expect(shouldRevalidate(args('/transactions', '/transactions?page=2', 'POST'))).toBe(true);
  });
});
