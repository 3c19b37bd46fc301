import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { LedgerResponse, TransactionsPageQuery } from '../../../shared/contracts/transactions.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { isPlainClick } from '../../lib/plain-click.ts';
import { onCreditsEvent } from './credits-events.ts';
import { ledgerQuery, transactionKeys } from './payments-queries.ts';
import { transactionsAddress } from './transactions-address.ts';

const KNOWN_REASONS = [
  'purchase',
  'signup',
  'message',
  'gift',
  'photo',
  'demo',
  'refund_reversal',
  'chargeback',
] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];
const isKnown = (reason: string): reason is KnownReason =>
  (KNOWN_REASONS as readonly string[]).includes(reason);

/**
 * The member's credit history: grants, spends with their reason, refunds; newest first, more on demand.
 * `query`: the page's address, whose `before` starts the history at older entries; `first`: that page
 * as the server rendered it; `timeZone`: the one it wrote the times in. "Show more" is a link to the
 * next entries, which a browser without scripts follows; with scripts it adds them below instead.
 */
export function CreditLedger({
  query,
  first,
  timeZone,
}: {
  query: TransactionsPageQuery;
  first?: LedgerResponse;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const start = query.before ?? null;
  const ledger = useInfiniteQuery({
    ...ledgerQuery(start),
    initialData: first ? { pages: [first], pageParams: [start] } : undefined,
  });
  const queryClient = useQueryClient();
  // A balance change (a grant, a spend in another tab, a refund or chargeback) shows at once:
  // the history and the payments are read again.
  useEffect(
    () => onCreditsEvent(() => void queryClient.invalidateQueries({ queryKey: transactionKeys.all })),
    [queryClient],
  );
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone });

  if (ledger.isError)
    return (
      <div className="alert alert-danger" role="alert">
        {t('transactions.load_failed')}
      </div>
    );
  if (ledger.isPending) return <p aria-busy="true">{t('transactions.ledger_loading')}</p>;
  const entries = ledger.data.pages.flatMap((page) => page.entries);
  const newest = start !== null && (
    <Link to={transactionsAddress({ page: query.page })} className="btn btn-link btn-sm px-0">
      {t('transactions.ledger_newest')}
    </Link>
  );
  const next = ledger.data.pages.at(-1)?.next_before ?? null;
  if (entries.length === 0)
    return (
      <>
        <p className="text-body-secondary">
          {t(start === null ? 'transactions.ledger_empty' : 'transactions.ledger_none_older')}
        </p>
        {newest}
      </>
    );
  return (
    <>
      <ul className="ledger-list list-unstyled" data-testid="credit-ledger">
        {entries.map((entry) => (
          <li key={entry.id} className="ledger-row">
            <span className="ledger-when">{when(entry.created_at)}</span>
            <span className="ledger-reason">
              {entry.kind === 'refund'
                ? t('transactions.reasons.refund')
                : isKnown(entry.reason)
                  ? t(`transactions.reasons.${entry.reason}`)
                  : entry.reason}
            </span>
            <span className={`ledger-delta ${entry.delta > 0 ? 'is-plus' : 'is-minus'}`}>
              {entry.delta > 0 ? `+${entry.delta}` : `−${-entry.delta}`}
            </span>
            {entry.shortfall > 0 && (
              <span className="ledger-shortfall" data-testid="ledger-shortfall">
                {t('transactions.shortfall', { count: entry.shortfall })}
              </span>
            )}
            <span className="ledger-balance">
              {t('transactions.balance', { count: entry.balance_after })}
            </span>
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap align-items-center gap-3">
        {next !== null && (
          <Link
            to={transactionsAddress({ ...query, before: next })}
            className={`btn btn-outline-secondary btn-sm${ledger.isFetchingNextPage ? ' disabled' : ''}`}
            aria-disabled={ledger.isFetchingNextPage || undefined}
            preventScrollReset
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              if (!ledger.isFetchingNextPage) void ledger.fetchNextPage();
            }}
          >
            {t('transactions.more')}
          </Link>
        )}
        {newest}
      </div>
    </>
  );
}
