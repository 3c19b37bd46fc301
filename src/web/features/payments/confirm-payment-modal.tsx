import { useNavigate } from 'react-router';
import type { CreditOffer, PaymentMethod } from '../../../shared/contracts/payments.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { CODE_PARAM, useApiErrorText } from './discount.ts';
import type { DiscountedPrice } from './discount-choice.ts';
import { DiscountedPriceView } from './discounted-price.tsx';
import { MethodLogo } from './method-logo.tsx';
import { useStartPayment } from './payments-queries.ts';

type Props = {
  offer: CreditOffer;
  /** The price with the discount for this method (null: none); its code is sent along. */
  price: DiscountedPrice;
  method: PaymentMethod | null;
  /**
   * The member's first-purchase discount is held by a payment they started and left open: said
   * with the price, or the full price would come without a word.
   */
  reserved?: boolean;
  onClose: () => void;
};

/**
 * The payment confirm modal: package, amount (with the discount) and method, then the provider's
 * checkout. The amount is computed on the server; the request carries the package, the method, the
 * code and the amount shown, which the server only compares with its own.
 */
export function ConfirmPaymentModal({ offer, price, method, reserved = false, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const start = useStartPayment();
  const leaving = start.isSuccess;
  const navigate = useNavigate();
  const confirm = () => {
    if (!method) return;
    // Direct debit is signed on its own form first (an SMS code), then charged on the mandate.
    if (method === 'sdd') {
      const code = price?.kind === 'discounted' ? `&${CODE_PARAM}=${encodeURIComponent(price.code)}` : '';
      void navigate(`/directdebit?package=${offer.id}${code}`);
      return;
    }
    start.mutate(
      {
        package: offer.id,
        method,
        // The price shown goes along to be compared: the server computes its own and refuses a
        // purchase whose price is not the one the member saw.
        ...(price?.kind === 'discounted'
          ? { discount_code: price.code, amount: price.amount }
          : { amount: offer.amount }),
      },
      // A full navigation: the checkout is the provider's page (our test gateway's too).
      { onSuccess: ({ checkout_url }) => window.location.assign(checkout_url) },
    );
  };
  const failure = start.error ? errorText(start.error) : null;
  return (
    <Modal
      open={method !== null}
      title={t('checkout.confirm_title')}
      onClose={start.isPending || leaving ? undefined : onClose}
      closeLabel={t('checkout.cancel')}
      className="confirm-payment"
      footer={
        <>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={onClose}
            disabled={start.isPending || leaving}
          >
            {t('checkout.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={confirm}
            disabled={start.isPending || leaving}
            data-testid="confirm-payment"
          >
            {start.isPending || leaving ? t('checkout.redirecting') : t('checkout.confirm')}
          </button>
        </>
      }
    >
      {method && (
        <dl className="confirm-summary">
          <dt>{t('checkout.package')}</dt>
          <dd>
            {t(`credits_page.tiers.${offer.id}`)} · {t('credits_page.credits', { count: offer.credits })}
          </dd>
          <dt>{t('checkout.amount')}</dt>
          <dd className="fw-bold">
            <DiscountedPriceView
              offer={offer}
              price={price}
              className="confirm-amount mb-0"
              testId="confirm-amount"
              named
            />
          </dd>
          <dt>{t('checkout.method')}</dt>
          <dd className="confirm-method">
            <MethodLogo method={method} />
            {t(`methods.${method}`)}
          </dd>
        </dl>
      )}
      {method && reserved && price?.kind !== 'discounted' && (
        <p className="small text-body-secondary" data-testid="first-purchase-reserved">
          {t('errors.discount_first_purchase_reserved')}
        </p>
      )}
      {failure && <FormAlert message={failure} />}
    </Modal>
  );
}
