import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  KNOWN_FAILURE_REASONS,
  type KnownFailureReason,
  type Payment,
} from '../../../shared/contracts/payments.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSession } from '../session/member-session.tsx';
import { onCreditsEvent } from './credits-events.ts';
import { MethodLogo } from './method-logo.tsx';
import { paymentKeys, paymentQuery } from './payments-queries.ts';

const FAILED_STATES = ['failed', 'canceled', 'expired'] as const;
type FailedState = (typeof FAILED_STATES)[number];
const isFailed = (status: Payment['status']): status is FailedState =>
  (FAILED_STATES as readonly string[]).includes(status);

/**
 * The return from the provider's checkout (`?payment=<our id>`): loading, then pending ('Processing
 * your payment', polled and woken by the `credits` event), then completed (a toast, the member
 * read again so the menu shows credits and premium) or failed/cancelled/expired with the reason and
 * a retry with another method. It only reads: the webhook and the re-check grant.
 */
export function PaymentReturn({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { refresh } = useSession();
  const payment = useQuery(paymentQuery(paymentId));
  const status = payment.data?.status;

  useEffect(
    () => onCreditsEvent(() => void client.invalidateQueries({ queryKey: paymentKeys.payment(paymentId) })),
    [client, paymentId],
  );

  const celebrated = useRef(false);
  const credits = payment.data?.credits ?? 0;
  useEffect(() => {
    if (status !== 'paid' || celebrated.current) return;
    celebrated.current = true;
    toast.success(t('checkout.toast', { count: credits }));
    void refresh();
  }, [status, credits, refresh, t]);

  if (payment.isPending)
    return (
      <div className="payment-state" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('checkout.loading')}</p>
      </div>
    );
  if (payment.isError)
    return (
      <div className="alert alert-danger" role="alert">
        {t('errors.payment_not_found')} <Link to="/credits">{t('checkout.all_packages')}</Link>
      </div>
    );
  const data = payment.data;
  if (data.status === 'paid')
    return (
      <section className="payment-state payment-completed" data-testid="payment-completed">
        <h2 className="h4">{t('checkout.completed_title')}</h2>
        <p>{t('checkout.completed_text', { count: data.credits })}</p>
        <p className="payment-actions">
          <Link className="btn btn-primary" to="/members">
            {t('checkout.to_members')}
          </Link>
          <Link className="btn btn-outline-primary" to="/chats">
            {t('checkout.to_chats')}
          </Link>
          <Link className="btn btn-link" to={`/transactions/${data.payment_id}`}>
            {t('checkout.to_receipt')}
          </Link>
        </p>
      </section>
    );
  if (isFailed(data.status))
    return (
      <section className="payment-state payment-failed" data-testid="payment-failed" role="alert">
        <h2 className="h4">{t(`checkout.${data.status}_title`)}</h2>
        <p className="payment-method">
          <MethodLogo method={data.method} />
          {t(`methods.${data.method}`)}
        </p>
        <p>{t(`checkout.${data.status}_text`)}</p>
        {data.failure_reason && (
          <p className="small text-body-secondary">
            {t('checkout.reason', {
              reason: (KNOWN_FAILURE_REASONS as readonly string[]).includes(data.failure_reason)
                ? t(`checkout.reasons.${data.failure_reason as KnownFailureReason}`)
                : data.failure_reason,
            })}
          </p>
        )}
        {storedCardFailed(data) ? (
          <StoredCardFallback payment={data} />
        ) : (
          <Link className="btn btn-primary" to={`/credits/${data.package}`} data-testid="payment-retry">
            {t('checkout.retry')}
          </Link>
        )}
      </section>
    );
  return (
    <section className="payment-state payment-pending" role="status" data-testid="payment-pending">
      <span className="spinner" aria-hidden="true" />
      <h2 className="h4">{t('checkout.pending_title')}</h2>
      <p>{t('checkout.pending_text')}</p>
    </section>
  );
}

const CARD_METHODS: readonly Payment['method'][] = [
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'cartebancaire',
];

/** A charge on a stored card (a repeat order) that failed: the card expired, was blocked, … */
const storedCardFailed = (payment: Payment) =>
  payment.status === 'failed' && payment.charged_on_mandate === true && CARD_METHODS.includes(payment.method);

/**
 * A stored card that fails offers manual entry (the card checkout again, where the card is typed
 * anew) or PayPal, each one tap away with the same package (spec §4).
 */
function StoredCardFallback({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  return (
    <div className="stored-card-fallback" data-testid="stored-card-failed">
      <h3 className="h5">{t('stored_failed.title')}</h3>
      <p>{t('stored_failed.text')}</p>
      <p className="payment-actions">
        <Link className="btn btn-primary" to={`/credits/${payment.package}/${payment.method}`}>
          {t('stored_failed.manual')}
        </Link>
        <Link className="btn btn-outline-primary" to={`/credits/${payment.package}/paypal`}>
          <MethodLogo method="paypal" />
          {t('stored_failed.paypal')}
        </Link>
      </p>
    </div>
  );
}
