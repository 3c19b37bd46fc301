import { useNavigate } from 'react-router';
import type { CreditOffer, PaymentMethod } from '../../../shared/contracts/payments.ts';
import { ERROR_CODES, type ErrorCode } from '../../../shared/errors.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatMoney } from '../pricing/format.ts';
import { MethodLogo } from './method-logo.tsx';
import { useStartPayment } from './payments-queries.ts';

type Props = {
  offer: CreditOffer;
  method: PaymentMethod | null;
  onClose: () => void;
};

/**
 * The payment confirm modal: package, amount and method, then the provider's checkout. The amount
 * shown is the server's; the request carries only the package and the method.
 */
export function ConfirmPaymentModal({ offer, method, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const start = useStartPayment();
  const leaving = start.isSuccess;
  const navigate = useNavigate();
  const confirm = () => {
    if (!method) return;
    // Direct debit is signed on its own form first (an SMS code), then charged on the mandate.
    if (method === 'sdd') {
      void navigate(`/directdebit?package=${offer.id}`);
      return;
    }
    start.mutate(
      { package: offer.id, method },
      // A full navigation: the checkout is the provider's page (our test gateway's too).
      { onSuccess: ({ checkout_url }) => window.location.assign(checkout_url) },
    );
  };
  const failure = start.error
    ? start.error instanceof ApiError && (ERROR_CODES as readonly string[]).includes(start.error.code)
      ? (start.error.code as ErrorCode)
      : 'internal_error'
    : null;
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
          <dd className="fw-bold">{formatMoney(offer.amount, offer.currency, i18n.language)}</dd>
          <dt>{t('checkout.method')}</dt>
          <dd className="confirm-method">
            <MethodLogo method={method} />
            {t(`methods.${method}`)}
          </dd>
        </dl>
      )}
      {failure && <FormAlert message={t(`errors.${failure}`)} />}
    </Modal>
  );
}
