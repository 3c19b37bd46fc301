import { useQuery } from '@tanstack/react-query';
import { type ShouldRevalidateFunctionArgs, useLocation, useParams } from 'react-router';
import {
  type TransactionsPageQuery,
  TransactionsPageQuerySchema,
} from '../../shared/contracts/transactions.ts';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { CreditLedger } from '../features/payments/credit-ledger.tsx';
import { transactionsQuery } from '../features/payments/payments-queries.ts';
import { Receipt } from '../features/payments/receipt.tsx';
import { TransactionsList } from '../features/payments/transactions-list.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import '../styles/transactions.scss';
import type { Route } from './+types/transactions';

/** The address's page of payments and start of the history; one it cannot read: the first of both. */
function pageQueryOf(search: string): TransactionsPageQuery {
  const parsed = TransactionsPageQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
  return parsed.success ? parsed.data : { page: 1 };
}

/**
 * A pager click (with scripts) changes only the page of payments: the list reads that page itself,
 * one call, and the history below stays as it is. The loader would read both again. A new start of
 * the history (?before=), a receipt, a submission or a reload still ask the loader.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const paging =
    formMethod === undefined &&
    currentUrl.pathname === '/transactions' &&
    nextUrl.pathname === '/transactions' &&
    currentUrl.search !== nextUrl.search &&
    pageQueryOf(currentUrl.search).before === pageQueryOf(nextUrl.search).before;
  return paging ? false : defaultShouldRevalidate;
}

// The member layout's middleware keeps visitors out.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const texts = context.pageTexts('payments');
  const title = createTranslator(texts)('transactions.title');
  // The lists, or the receipt's payment, come with the HTML (a page without scripts shows them, and
  // nothing moves when they arrive). On another refusal the page asks the API and shows its answer.
  if (params.id !== undefined) {
    const receipt = await context.transactions.receipt(params.id);
    const found = receipt.ok ? receipt.data : receipt.status === 404 ? ('not_found' as const) : null;
    return { texts, title, query: { page: 1 }, first: null, receipt: found };
  }
  // The pages the address names (?page=, ?before=): without scripts, the pager and "show more" are
  // plain links to them.
  const query = pageQueryOf(new URL(request.url).search);
  const first = await context.transactions.firstPages(query);
  return { texts, title, query, first: first.ok ? first.data : null, receipt: null };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/** /transactions: the member's payments and credit history; /transactions/{id}: a payment's receipt. */
function Transactions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const { first } = loaderData;
  // The address's pages: after a pager click the loader was not asked again (shouldRevalidate), so
  // its payments are those of the page before, and the list reads its own.
  const query = pageQueryOf(useLocation().search);
  const firstPayments = loaderData.query.page === query.page ? first?.payments : undefined;
  // The list's own page (one request, shared): the history below waits for it, so that it does not
  // appear first and then jump down under the payments (a layout shift).
  const payments = useQuery({ ...transactionsQuery(query.page), enabled: !id, initialData: firstPayments });
  if (id)
    return (
      <main id="main" className="container narrow-page transactions-page">
        <Receipt key={id} paymentId={id} first={loaderData.receipt} />
      </main>
    );
  return (
    <main id="main" className="container transactions-page">
      <h1>{t('transactions.title')}</h1>
      <p className="lead">{t('transactions.intro')}</p>
      <section aria-labelledby="payments-title">
        <h2 id="payments-title" className="h4">
          {t('transactions.payments_title')}
        </h2>
        <TransactionsList query={query} first={firstPayments} timeZone={first?.time_zone} />
      </section>
      {!payments.isPending && (
        <section aria-labelledby="ledger-title" className="mt-5">
          <h2 id="ledger-title" className="h4">
            {t('transactions.ledger_title')}
          </h2>
          <CreditLedger query={query} first={first?.ledger} timeZone={first?.time_zone} />
        </section>
      )}
    </main>
  );
}

export default withPageTexts(Transactions);
