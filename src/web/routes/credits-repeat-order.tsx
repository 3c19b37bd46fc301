import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { BackButton } from '../features/members/back-button.tsx';
import type { PushAlertHandle } from '../features/notifications/enable-push-alert.tsx';
import { PackageSummary } from '../features/payments/checkout-page.tsx';
import { MethodLogo } from '../features/payments/method-logo.tsx';
import { repeatOrderQuery, useRepeatOrder } from '../features/payments/payments-queries.ts';
import { paymentsLinks } from '../features/payments/payments-styles.ts';
import { ApiError } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/credits-repeat-order';

// Buying: the push invitation does not float over the packages and the payment (PushAlertHandle).
export const handle: PushAlertHandle = { noPushAlert: true };

export const links: Route.LinksFunction = paymentsLinks;

export async function loader({ context }: Route.LoaderArgs) {
  const texts = context.pageTexts('payments');
  return { texts, title: createTranslator(texts)('repeat_order.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/**
 * /credits/repeat-order: the last paid package with the last method, in one confirmation. On a
 * stored mandate the member goes straight to the return page (pending, then completed); otherwise to
 * the checkout. A member who never paid is sent to /credits.
 */
function RepeatOrder() {
  const { t } = useTranslation();
  const last = useQuery(repeatOrderQuery());
  const order = useRepeatOrder();
  const leaving = order.isSuccess;
  if (last.data === null) return <Navigate to="/credits" replace />;
  const failure = order.error
    ? errorText(t, order.error instanceof ApiError ? order.error.code : undefined, {
        fallback: 'errors.internal_error',
      })
    : undefined;
  const confirm = (paymentId: string) =>
    order.mutate(paymentId, {
      // The checkout is a provider's page; the return page is ours, a full load either way is fine.
      onSuccess: ({ next_url }) => window.location.assign(next_url),
    });
  return (
    <main id="main" className="container narrow-page checkout-page repeat-order-page">
      <BackButton label={t('checkout.back')} />
      <h1>{t('repeat_order.title')}</h1>
      {last.isPending && <p className="text-body-secondary">{t('repeat_order.loading')}</p>}
      {last.isError && (
        <div className="alert alert-danger" role="alert">
          {t('credits_page.load_failed')}
        </div>
      )}
      {last.data && (
        <>
          <p className="lead">{t('repeat_order.intro')}</p>
          <PackageSummary offer={{ ...last.data, id: last.data.package, popular: false }} />
          <p className="payment-method">
            <MethodLogo method={last.data.method} />
            {t(`methods.${last.data.method}`)}
          </p>
          <p>
            {last.data.stored_mandate
              ? t('repeat_order.stored', { method: t(`methods.${last.data.method}`) })
              : t('repeat_order.checkout')}
          </p>
          <FormAlert message={failure} />
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={order.isPending || leaving}
            onClick={() => last.data && confirm(last.data.payment_id)}
            data-testid="repeat-order-confirm"
          >
            {order.isPending || leaving ? t('repeat_order.ordering') : t('repeat_order.confirm')}
          </button>
        </>
      )}
    </main>
  );
}

export default withPageTexts(RepeatOrder);
