import type { TransactionsPageQuery } from '../../../shared/contracts/transactions.ts';

/**
 * /transactions' address for a page of payments and a start of the credit history, defaults left
 * out: the pager's and the history's links, which a browser without scripts follows as they are.
 */
export function transactionsAddress({ page, before }: TransactionsPageQuery): string {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (before !== undefined) params.set('before', String(before));
  const search = params.toString();
  return `/transactions${search ? `?${search}` : ''}`;
}
