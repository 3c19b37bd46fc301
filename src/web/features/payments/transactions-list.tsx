import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TransactionsPageQuery, TransactionsResponse } from '../../../shared/contracts/transactions.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatMoney } from '../pricing/format.ts';
import { transactionsQuery } from './payments-queries.ts';
import { ReversalNotes } from './reversal-notes.tsx';
import { transactionsAddress } from './transactions-address.ts';

/**
 * The member's payments, newest first; a row opens its receipt. Cards below 768 px, a table above.
 * `query`: the page the address names (the pager's links change it, with or without scripts);
 * `first`: that page as the server rendered it; `timeZone`: the one it wrote the dates in.
 */
export function TransactionsList({
  query,
  first,
  timeZone,
}: {
  query: TransactionsPageQuery;
  first?: TransactionsResponse;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const { page } = query;
  // The loader rendered the page the address names: `first` is that page.
  const list = useQuery({ ...transactionsQuery(page), initialData: first });
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium', timeZone });

  if (list.isError)
    return (
      <div className="alert alert-danger" role="alert">
        {t('transactions.load_failed')}
      </div>
    );
  if (list.isPending) return <p aria-busy="true">{t('transactions.loading')}</p>;
  if (list.data.transactions.length === 0 && page === 1)
    return (
      <p className="text-body-secondary">
        {t('transactions.empty')} <Link to="/credits">{t('transactions.buy')}</Link>
      </p>
    );
  // An address past the last page (a link kept, a number typed): the way to the newest.
  if (list.data.transactions.length === 0)
    return (
      <p className="text-body-secondary">
        {t('transactions.page_empty')}{' '}
        <Link to={transactionsAddress({ ...query, page: 1 })}>{t('transactions.newest_payments')}</Link>
      </p>
    );
  return (
    <>
      <ul className="transactions-list list-unstyled" data-testid="transactions-list">
        {list.data.transactions.map((tx) => (
          <li key={tx.payment_id}>
            <Link to={`/transactions/${tx.payment_id}`} className="transaction-row">
              <span className="transaction-date">{date(tx.created_at)}</span>
              <span className="transaction-package">
                {t(`credits_page.tiers.${tx.package}`)} · {t('credits_page.credits', { count: tx.credits })}
              </span>
              <span className="transaction-method">{t(`methods.${tx.method}`)}</span>
              <span className={`transaction-status status-${tx.status}`}>
                {t(`transactions.statuses.${tx.status}`)}
                <ReversalNotes tx={tx} />
              </span>
              <span className="transaction-amount">
                {formatMoney(tx.amount, tx.currency, i18n.language)}
                <small>
                  {t('transactions.vat_short', { vat: formatMoney(tx.vat, tx.currency, i18n.language) })}
                </small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {(page > 1 || list.data.has_more) && (
        <nav className="d-flex gap-2" aria-label={t('transactions.payments_title')}>
          <PageLink to={page > 1 ? { ...query, page: page - 1 } : null}>{t('transactions.newer')}</PageLink>
          <PageLink to={list.data.has_more ? { ...query, page: page + 1 } : null}>
            {t('transactions.older')}
          </PageLink>
        </nav>
      )}
    </>
  );
}

/** A pager's link, which keeps the reader where they are; none to follow: shown, but disabled. */
function PageLink({ to, children }: { to: TransactionsPageQuery | null; children: ReactNode }) {
  const className = 'btn btn-outline-secondary btn-sm';
  if (!to)
    return (
      <span className={`${className} disabled`} aria-disabled="true">
        {children}
      </span>
    );
  return (
    <Link to={transactionsAddress(to)} className={className} preventScrollReset>
      {children}
    </Link>
  );
}
