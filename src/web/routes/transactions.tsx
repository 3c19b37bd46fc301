import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
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

// The member layout's middleware keeps visitors out.
export async function loader({ context }: Route.LoaderArgs) {
  const texts = context.pageTexts('payments');
  return { texts, title: createTranslator(texts)('transactions.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/** /transactions: the member's payments and credit history; /transactions/{id}: a payment's receipt. */
function Transactions() {
  const { t } = useTranslation();
  const { id } = useParams();
  // The list's own first page (one request, shared): the history below waits for it, so that it does
  // not appear first and then jump down under the payments (a layout shift).
  const payments = useQuery({ ...transactionsQuery(1), enabled: !id });
  if (id)
    return (
      <main id="main" className="container narrow-page transactions-page">
        <Receipt key={id} paymentId={id} />
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
        <TransactionsList />
      </section>
      {!payments.isPending && (
        <section aria-labelledby="ledger-title" className="mt-5">
          <h2 id="ledger-title" className="h4">
            {t('transactions.ledger_title')}
          </h2>
          <CreditLedger />
        </section>
      )}
    </main>
  );
}

export default withPageTexts(Transactions);
