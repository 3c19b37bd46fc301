import { Link } from 'react-router';
import { formatMoney, formatUnitPrice } from '../features/pricing/format.ts';
import { giftUseText } from '../features/pricing/gift-use.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/pricing';

export async function loader({ context }: Route.LoaderArgs) {
  return {
    texts: context.pageTexts('service'),
    title: context.t('pricing.title'),
    giftPrices: await context.gifts.priceRange(),
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

const BENEFITS = ['photos', 'upload', 'conversations', 'lifetime'] as const;

function Pricing({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  const currency = settings.currency;
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const minimum = settings.minimum_message_costs[settings.geoip_selected_country];
  return (
    <main id="main" className="container pricing-page">
      <h1>{t('pricing.title')}</h1>
      <p className="lead">{t('pricing.intro', { site_name: settings.name })}</p>

      <h2 className="h4 mt-4">{t('pricing.what_title')}</h2>
      <ul className="pricing-uses">
        <li>{t('pricing.use_message', { credits: settings.message_credits })}</li>
        <li>{t('pricing.use_photo', { credits: settings.photo_credits })}</li>
        <li>{giftUseText(t, loaderData.giftPrices, settings.gift_credits)}</li>
        <li>{t('pricing.use_free', { credits: settings.signup_credits })}</li>
      </ul>

      <h2 className="h4 mt-4">{t('pricing.packages_title')}</h2>
      <div className="package-grid">
        {settings.credit_packages.map((pkg) => {
          const price = pkg.prices[currency];
          if (price === undefined) return null;
          const perMessage = (price / pkg.credits) * settings.message_credits;
          return (
            <article key={pkg.id} className={`package-card${pkg.popular ? ' package-popular' : ''}`}>
              {pkg.popular && <span className="package-ribbon">{t('pricing.popular')}</span>}
              <h3 className="h5">{t(`pricing.tiers.${pkg.id}`)}</h3>
              <p className="package-credits">{t('pricing.credits', { count: pkg.credits })}</p>
              <p className="package-price">{money(price)}</p>
              <p className="package-per-message">
                {t('pricing.per_message', { price: formatUnitPrice(perMessage, currency, i18n.language) })}
              </p>
            </article>
          );
        })}
      </div>
      <p className="small text-body-secondary mt-3">{t('pricing.one_time')}</p>
      {minimum && (
        <p className="small text-body-secondary">
          {t('pricing.minimum', {
            price: formatUnitPrice(minimum.costs * 100, minimum.currency, i18n.language),
          })}
        </p>
      )}

      <h2 className="h4 mt-4">{t('pricing.premium_title')}</h2>
      <ul className="pricing-uses">
        {BENEFITS.map((b) => (
          <li key={b}>{t(`pricing.benefits.${b}`)}</li>
        ))}
      </ul>
      <p>
        {t('pricing.refund', { refund_days: settings.refund_days })}{' '}
        <Link to="/pages/return-policy">{t('footer.return_policy')}</Link>
      </p>
    </main>
  );
}

export default withPageTexts(Pricing);
