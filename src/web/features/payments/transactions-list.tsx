import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TransactionsResponse } from '../../../shared/contracts/transactions.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatMoney } from '../pricing/format.ts';
import { transactionsQuery } from './payments-queries.ts';
import { ReversalNotes } from './reversal-notes.tsx';

/**
 * The member's payments, newest first; a row opens its receipt. Cards below 768 px, a table above.
 * `first`: the first page the server rendered; `timeZone`: the one it wrote the dates in.
 */
export function TransactionsList({ first, timeZone }: { first?: TransactionsResponse; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...transactionsQuery(page), initialData: page === 1 ? first : undefined });
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
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={page === 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {t('transactions.newer')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={!list.data.has_more}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('transactions.older')}
          </button>
        </nav>
      )}
    </>
  );
}
