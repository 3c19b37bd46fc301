import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TransactionReceipt } from '../../../shared/contracts/transactions.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { formatMoney } from '../pricing/format.ts';
import { useDiscountName } from './discount.ts';
import { transactionQuery } from './payments-queries.ts';

/**
 * A payment as a receipt: the seller (the company of the app config, with its VAT numbers), what
 * was bought, the amount with the VAT inside it, and the return policy. Prints on its own: the
 * navigation, the footer and the buttons are hidden by `@media print` (transactions.scss).
 */
export function Receipt({
  paymentId,
  first,
}: {
  paymentId: string;
  /**
   * What the server rendered: the payment with the zone it wrote the date in, or not_found (the page
   * says so without asking again); null when the page asks the API itself.
   */
  first: TransactionReceipt | 'not_found' | null;
}) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const missing = first === 'not_found';
  const rendered = missing ? null : first;
  const query = useQuery({
    ...transactionQuery(paymentId),
    initialData: rendered?.transaction,
    enabled: !missing,
  });
  const discountName = useDiscountName();
  const back = (
    <Link to="/transactions" className="d-inline-block mb-2 no-print">
      ← {t('transactions.receipt.back')}
    </Link>
  );
  if (missing || query.isError)
    return (
      <>
        {back}
        <div className="alert alert-danger" role="alert">
          {t('errors.payment_not_found')}
        </div>
      </>
    );
  if (query.isPending) return <p aria-busy="true">{t('checkout.loading')}</p>;
  const tx = query.data;
  const money = (cents: number) => formatMoney(cents, tx.currency, i18n.language);
  const company = root?.company;
  const refundDays = root?.settings.refund_days;
  const rate = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 }).format(
    tx.vat_rate_bp / 10_000,
  );
  return (
    <article className="receipt" data-testid="receipt">
      {back}
      <header className="receipt-header">
        <h1>{t('transactions.receipt.title')}</h1>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm no-print"
          onClick={() => window.print()}
        >
          {t('transactions.receipt.print')}
        </button>
      </header>
      {company && (
        <section className="receipt-seller" aria-label={t('transactions.receipt.seller')}>
          <p className="fw-bold mb-0">{company.name}</p>
          <p className="mb-0">{company.address}</p>
          <p className="mb-0">
            {company.city}, {company.country}
          </p>
          <p className="mb-0">
            {t('transactions.receipt.kvk')}: {company.kvk}
          </p>
          {company.vat_numbers.map((number) => (
            <p className="mb-0" key={number}>
              {t('transactions.receipt.vat_number')}: {number}
            </p>
          ))}
        </section>
      )}
      <dl className="receipt-lines">
        <dt>{t('transactions.receipt.number')}</dt>
        <dd className="receipt-id">{tx.payment_id}</dd>
        <dt>{t('transactions.date')}</dt>
        <dd>
          {new Date(tx.paid_at ?? tx.created_at).toLocaleString(i18n.language, {
            dateStyle: 'long',
            timeStyle: 'short',
            timeZone: rendered?.time_zone,
          })}
        </dd>
        <dt>{t('transactions.package')}</dt>
        <dd>
          {t(`credits_page.tiers.${tx.package}`)} · {t('credits_page.credits', { count: tx.credits })}
        </dd>
        <dt>{t('transactions.method')}</dt>
        <dd>{t(`methods.${tx.method}`)}</dd>
        <dt>{t('transactions.status')}</dt>
        <dd>{t(`transactions.statuses.${tx.status}`)}</dd>
        {tx.discount && (
          <>
            <dt>{t('discount.original')}</dt>
            <dd>{money(tx.discount.original_amount)}</dd>
            <dt>
              {t('discount.line', {
                code: discountName(tx.discount.code),
                percentage: tx.discount.percentage,
              })}
            </dt>
            <dd data-testid="receipt-discount">−{money(tx.discount.amount)}</dd>
          </>
        )}
        <dt>{t('transactions.receipt.net')}</dt>
        <dd>{money(tx.amount - tx.vat)}</dd>
        <dt>{t('transactions.receipt.vat', { rate })}</dt>
        <dd data-testid="receipt-vat">{money(tx.vat)}</dd>
        <dt className="receipt-total">{t('transactions.receipt.total')}</dt>
        <dd className="receipt-total" data-testid="receipt-amount">
          {money(tx.amount)}
        </dd>
        {tx.refunded_amount > 0 && (
          <>
            <dt>{t('transactions.refunded_title')}</dt>
            <dd data-testid="receipt-refunded">−{money(tx.refunded_amount)}</dd>
          </>
        )}
        {tx.charged_back_amount > 0 && (
          <>
            <dt>{t('transactions.charged_back_title')}</dt>
            <dd data-testid="receipt-charged-back">−{money(tx.charged_back_amount)}</dd>
          </>
        )}
      </dl>
      {refundDays !== undefined && (
        <p className="receipt-policy">
          {t('transactions.receipt.return_policy', { days: refundDays })}{' '}
          <Link to="/pages/return-policy">{t('transactions.receipt.return_policy_link')}</Link>
        </p>
      )}
    </article>
  );
}
