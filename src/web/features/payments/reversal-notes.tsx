import type { Transaction } from '../../../shared/contracts/transactions.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatMoney } from '../pricing/format.ts';

/** Money that went back after a payment was paid (decision 0035): the row's status stays paid. */
export function ReversalNotes({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, tx.currency, i18n.language);
  return (
    <>
      {tx.refunded_amount > 0 && (
        <small className="transaction-reversal d-block" data-testid="transaction-refunded">
          {t('transactions.refunded', { amount: money(tx.refunded_amount) })}
        </small>
      )}
      {tx.charged_back_amount > 0 && (
        <small className="transaction-reversal d-block" data-testid="transaction-charged-back">
          {t('transactions.charged_back', { amount: money(tx.charged_back_amount) })}
        </small>
      )}
    </>
  );
}
