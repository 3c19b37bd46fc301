import { useQuery } from '@tanstack/react-query';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { BackButton } from '../features/members/back-button.tsx';
import { PackageCard } from '../features/payments/package-card.tsx';
import { creditOffersQuery } from '../features/payments/payments-queries.ts';
import { useSession } from '../features/session/member-session.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import '../styles/payments.scss';
import type { Route } from './+types/credits';

// The member layout's middleware keeps visitors out.
export async function loader({ context }: Route.LoaderArgs) {
  const texts = context.pageTexts('payments');
  return { texts, title: createTranslator(texts)('credits_page.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/** /credits: the four packages in the member's currency; choosing one goes to /credits/{id}. */
function Credits() {
  const { t } = useTranslation();
  const { user } = useSession();
  const offers = useQuery(creditOffersQuery());
  return (
    <main id="main" className="container credits-page">
      <BackButton label={t('checkout.back')} />
      <h1>{t('credits_page.title')}</h1>
      <p className="lead">{t('credits_page.intro')}</p>
      {user?.paid_user && (
        <p className="credits-balance">{t('credits_page.balance', { count: user.credits })}</p>
      )}
      {offers.isError ? (
        <div className="alert alert-danger" role="alert">
          {t('credits_page.load_failed')}
        </div>
      ) : (
        <div className="package-grid credits-grid" aria-busy={offers.isPending}>
          {offers.data?.packages.map((offer) => (
            <PackageCard key={offer.id} offer={offer} />
          ))}
        </div>
      )}
      <p className="one-time-notice mt-4">{t('credits_page.one_time')}</p>
    </main>
  );
}

export default withPageTexts(Credits);
