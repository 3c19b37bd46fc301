import { useParams, useSearchParams } from 'react-router';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { AppToaster } from '../components/ui/toaster.tsx';
import { BackButton } from '../features/members/back-button.tsx';
import type { PushAlertHandle } from '../features/notifications/enable-push-alert.tsx';
import { CheckoutPage } from '../features/payments/checkout-page.tsx';
import { PaymentReturn } from '../features/payments/payment-return.tsx';
import { paymentsLinks } from '../features/payments/payments-styles.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/credits-checkout';

// Buying: the push invitation does not float over the packages and the payment (PushAlertHandle).
export const handle: PushAlertHandle = { noPushAlert: true };

export const links: Route.LinksFunction = paymentsLinks;

export async function loader({ context }: Route.LoaderArgs) {
  const texts = context.pageTexts('payments');
  return { texts, title: createTranslator(texts)('checkout.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/**
 * /credits/{id}/{paymentmethod?}: choosing a method and confirming; with `?payment=` the return
 * from the provider's checkout, showing the payment's state.
 */
function CreditsCheckout() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const paymentId = search.get('payment');
  return (
    <main id="main" className="container narrow-page checkout-page">
      <BackButton label={t('checkout.back')} />
      <h1>{t('checkout.title')}</h1>
      {paymentId ? (
        <PaymentReturn key={paymentId} paymentId={paymentId} />
      ) : (
        <CheckoutPage packageId={params.id ?? ''} method={params.method} />
      )}
      <AppToaster />
    </main>
  );
}

export default withPageTexts(CreditsCheckout);
