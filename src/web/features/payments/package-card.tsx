import { Link } from 'react-router';
import type { CreditOffer } from '../../../shared/contracts/payments.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatUnitPrice } from '../pricing/format.ts';
import type { DiscountedPrice } from './discount-choice.ts';
import { DiscountedPriceView } from './discounted-price.tsx';

type Props = {
  offer: CreditOffer;
  /** The package's price with the active discount or the typed code (null: none). */
  price: DiscountedPrice;
  /** Carried to the checkout: `?code=…` of a typed code. */
  search: string;
};

/**
 * One package of /credits: credits, price (with the discount: the old price struck through),
 * price per credit (what is paid), the ribbon of the popular one.
 */
export function PackageCard({ offer, price, search }: Props) {
  const { t, i18n } = useTranslation();
  const paid = price?.kind === 'discounted' ? price.amount : offer.amount;
  // What is paid, per credit: 11,21 for 100 credits is € 0,11.
  const perCredit = formatUnitPrice(paid / offer.credits, offer.currency, i18n.language);
  return (
    <article
      className={`package-card credits-package${offer.popular ? ' package-popular' : ''}`}
      data-testid={`package-${offer.id}`}
    >
      {offer.popular && <span className="package-ribbon">{t('credits_page.popular')}</span>}
      <h2 className="h6 text-body-secondary mb-1">{t(`credits_page.tiers.${offer.id}`)}</h2>
      <p className="package-credits">{t('credits_page.credits', { count: offer.credits })}</p>
      <DiscountedPriceView
        offer={offer}
        price={price}
        className="package-price"
        testId={`package-price-${offer.id}`}
      />
      <p className="package-per-message">{t('credits_page.per_credit', { price: perCredit })}</p>
      <Link
        to={`/credits/${offer.id}${search}`}
        className={`btn ${offer.popular ? 'btn-primary' : 'btn-outline-primary'} w-100 mt-2`}
        aria-label={t('credits_page.choose_label', { count: offer.credits })}
      >
        {t('credits_page.choose')}
      </Link>
    </article>
  );
}
