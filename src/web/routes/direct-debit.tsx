import { useSearchParams } from 'react-router';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { BackButton } from '../features/members/back-button.tsx';
import type { PushAlertHandle } from '../features/notifications/enable-push-alert.tsx';
import { DirectDebitPage } from '../features/payments/direct-debit-form.tsx';
import { CODE_PARAM } from '../features/payments/discount.ts';
import { paymentsLinks } from '../features/payments/payments-styles.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/direct-debit';

// Buying: the push invitation does not float over the packages and the payment (PushAlertHandle).
export const handle: PushAlertHandle = { noPushAlert: true };

export const links: Route.LinksFunction = paymentsLinks;

export async function loader({ context }: Route.LoaderArgs) {
  const texts = context.pageTexts('payments');
  return { texts, title: createTranslator(texts)('direct_debit.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/** /directdebit?package=…: the SEPA mandate form and its SMS code (the member layout keeps visitors out). */
function DirectDebit() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <main id="main" className="container narrow-page checkout-page direct-debit-page">
      <BackButton label={t('checkout.back')} />
      <h1>{t('direct_debit.title')}</h1>
      <DirectDebitPage packageId={search.get('package')} code={search.get(CODE_PARAM)} />
    </main>
  );
}

export default withPageTexts(DirectDebit);
