import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  LedgerEntry,
  LedgerResponse,
  TransactionsPageQuery,
  TransactionsResponse,
} from '../../../shared/contracts/transactions.ts';
import common from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import payments from '../../../shared/i18n/locales/en/payments.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { fetchMockForEachTest, jsonResponse } from '../../test/fetch-mock.ts';
import { paidTransaction } from '../../test/transactions.ts';
import { CreditLedger } from './credit-ledger.tsx';
import { TransactionsList } from './transactions-list.tsx';

/**
 * /transactions' pager and "show more" are links to the address of the next page (?page=, ?before=),
 * which a browser without scripts follows as they are; with scripts "show more" adds the next entries
 * below instead, and the address stays.
 */
const entry = (id: number): LedgerEntry => ({
  id,
  kind: 'spend',
  delta: -10,
  shortfall: 0,
  balance_after: id * 10,
  reason: 'message',
  created_at: '2026-11-20T12:00:00.000Z',
});
const ledgerPage = (ids: number[], next: number | null): LedgerResponse => ({
  entries: ids.map(entry),
  next_before: next,
});
const payment = (n: number) => paidTransaction(n);

function renderAt(
  address: string,
  ui: (query: TransactionsPageQuery) => ReactNode,
  query: TransactionsPageQuery,
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/transactions',
        element: (
          <QueryClientProvider client={client}>
            <I18nProvider locale="en" messages={{ ...common, ...payments }}>
              {ui(query)}
            </I18nProvider>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the credit history’s "show more"', () => {
  const fetchMock = fetchMockForEachTest();

  it('links to the entries older than the last one shown, and with scripts adds them below', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, ledgerPage([3, 2, 1], null)));
    const router = renderAt(
      '/transactions?page=2',
      (query) => <CreditLedger query={query} first={ledgerPage([6, 5, 4], 4)} timeZone="UTC" />,
      { page: 2 },
    );
    const more = screen.getByRole('link', { name: payments.transactions.more });
    expect(more.getAttribute('href')).toBe('/transactions?page=2&before=4');
    expect(screen.queryByRole('link', { name: payments.transactions.ledger_newest })).toBeNull();
    fireEvent.click(more);
    expect(await screen.findByText('Balance: 10')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/credit-ledger.php?before=4');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByRole('link', { name: payments.transactions.more })).toBeNull();
  });

  it('started at older entries (an address without scripts followed), leads back to the newest', () => {
    renderAt(
      '/transactions?before=4',
      (query) => <CreditLedger query={query} first={ledgerPage([3, 2], 2)} timeZone="UTC" />,
      { page: 1, before: 4 },
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: payments.transactions.more }).getAttribute('href')).toBe(
      '/transactions?before=2',
    );
    expect(screen.getByRole('link', { name: payments.transactions.ledger_newest }).getAttribute('href')).toBe(
      '/transactions',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('started past the oldest entry, says there is nothing older (not that there is nothing at all)', () => {
    renderAt(
      '/transactions?before=1',
      (query) => <CreditLedger query={query} first={ledgerPage([], null)} timeZone="UTC" />,
      { page: 1, before: 1 },
    );
    expect(screen.getByText(payments.transactions.ledger_none_older)).toBeTruthy();
    expect(screen.queryByText(payments.transactions.ledger_empty)).toBeNull();
    expect(screen.getByRole('link', { name: payments.transactions.ledger_newest })).toBeTruthy();
  });
});

describe('the payments’ pager', () => {
  afterEach(cleanup);

  const list = (page: number, count: number, hasMore: boolean): TransactionsResponse => ({
    transactions: Array.from({ length: count }, (_, i) => payment(page * 100 + i)),
    page,
    has_more: hasMore,
  });

  it('links to the newer and older pages, keeping where the history starts; an end it cannot pass is disabled', () => {
    renderAt(
      '/transactions?page=2&before=9',
      (query) => <TransactionsList query={query} first={list(2, 3, false)} timeZone="UTC" />,
      { page: 2, before: 9 },
    );
    expect(screen.getByRole('link', { name: payments.transactions.newer }).getAttribute('href')).toBe(
      '/transactions?before=9',
    );
    const older = screen.getByText(payments.transactions.older);
    expect(older.tagName).toBe('SPAN');
    expect(older.getAttribute('aria-disabled')).toBe('true');
  });

  it('past the last page, says so and leads to the latest payments, keeping where the history starts', () => {
    renderAt(
      '/transactions?page=40&before=9',
      (query) => <TransactionsList query={query} first={list(40, 0, false)} timeZone="UTC" />,
      { page: 40, before: 9 },
    );
    expect(screen.getByText(payments.transactions.page_empty, { exact: false })).toBeTruthy();
    expect(screen.queryByText(payments.transactions.empty)).toBeNull();
    expect(
      screen.getByRole('link', { name: payments.transactions.newest_payments }).getAttribute('href'),
    ).toBe('/transactions?before=9');
  });

  it('shows no pager when one page holds every payment', () => {
    renderAt(
      '/transactions',
      (query) => <TransactionsList query={query} first={list(1, 2, false)} timeZone="UTC" />,
      {
        page: 1,
      },
    );
    expect(screen.queryByText(payments.transactions.older)).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});
