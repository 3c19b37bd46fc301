import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { GiftPriceRange } from '../../shared/contracts/gifts.ts';
import type { CreditOffer, Currency } from '../../shared/contracts/payments.ts';
import type { Settings } from '../../shared/contracts/settings.ts';
import { TIME_BONUS } from '../../shared/discount-amounts.ts';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { TitledSection } from '../components/ui/titled-section.tsx';
import { BackButton } from '../features/members/back-button.tsx';
import type { PushAlertHandle } from '../features/notifications/enable-push-alert.tsx';
import { CODE_PARAM, useDiscounts } from '../features/payments/discount.ts';
import { bestPrice, type DiscountedPrice } from '../features/payments/discount-choice.ts';
import { DiscountCodeForm } from '../features/payments/discount-code-form.tsx';
import { PackageCard } from '../features/payments/package-card.tsx';
import { creditOffersQuery } from '../features/payments/payments-queries.ts';
import { paymentsLinks } from '../features/payments/payments-styles.ts';
import { formatUnitPrice } from '../features/pricing/format.ts';
import { giftUseText } from '../features/pricing/gift-use.ts';
import { useSession } from '../features/session/member-session.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/credits';

// Buying: the push invitation does not float over the packages and the payment (PushAlertHandle).
export const handle: PushAlertHandle = { noPushAlert: true };

export const links: Route.LinksFunction = paymentsLinks;

// The member layout's middleware keeps visitors out.
export async function loader({ context }: Route.LoaderArgs) {
  // What credits buy is said in the pricing page's words: the service pages' small texts come along.
  const texts = { ...context.pageTexts('service'), ...context.pageTexts('payments') };
  return {
    texts,
    title: createTranslator(texts)('credits_page.title'),
    giftPrices: await context.gifts.priceRange(),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/** /credits: the four packages in the member's currency; choosing one goes to /credits/{id}. */
function Credits({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { user } = useSession();
  const offers = useQuery(creditOffersQuery());
  const [search, setSearch] = useSearchParams();
  const code = search.get(CODE_PARAM);
  // Each package is priced with the better of the typed code and the member's own discount; the
  // latter stays in view beside a typed code that was refused.
  const discounts = useDiscounts(code);
  const { active, known: activeKnown } = discounts;
  // The cards appear once, with their final price: the offers and the active discount both known.
  const apply = (next: string | null) =>
    setSearch(next ? { [CODE_PARAM]: next } : {}, { replace: true, preventScrollReset: true });
  const carry = code && discounts.typed ? `?${CODE_PARAM}=${encodeURIComponent(code)}` : '';
  return (
    <main id="main" className="container credits-page">
      <BackButton label={t('checkout.back')} />
      <h1>{t('credits_page.title')}</h1>
      <p className="lead">{t('credits_page.intro')}</p>
      {user?.paid_user && (
        <p className="credits-balance">
          {t('credits_page.balance', { count: user.credits })}{' '}
          <Link to="/credits/repeat-order" className="ms-1" data-testid="repeat-order-link">
            {t('repeat_order.link')}
          </Link>
        </p>
      )}
      <DiscountCodeForm
        key={code ?? ''}
        code={code}
        discount={discounts.typed}
        error={discounts.error}
        pending={discounts.pending}
        active={active}
        reserved={discounts.firstPurchaseHeld}
        expectActive={!activeKnown && Boolean(user && !user.paid_user)}
        onApply={apply}
      />
      {offers.isError ? (
        <div className="alert alert-danger" role="alert">
          {t('credits_page.load_failed')}
        </div>
      ) : (
        <div className="package-grid credits-grid" aria-busy={offers.isPending}>
          {offers.data && activeKnown
            ? offers.data.packages.map((offer) => (
                <PackageCard
                  key={offer.id}
                  offer={offer}
                  price={bestPrice(offer, discounts)}
                  search={carry}
                />
              ))
            : // Until the member's own offers arrive (their currency is the server's to say), the
              // same four cards hold their place unseen, so nothing below them moves (no layout
              // shift: Lighthouse, docs/performance.md).
              root &&
              placeholderOffers(root.settings).map((offer) => (
                <div key={offer.id} className="package-placeholder" aria-hidden="true" inert>
                  <PackageCard
                    offer={offer}
                    price={placeholderPrice(offer, Boolean(user && !user.paid_user))}
                    search=""
                  />
                </div>
              ))}
        </div>
      )}
      <p className="one-time-notice mt-4">{t('credits_page.one_time')}</p>
      {root && (
        <CreditUses
          settings={root.settings}
          country={offers.data?.country}
          giftPrices={loaderData.giftPrices}
        />
      )}
    </main>
  );
}

/** The settings' packages in the site's currency: only the size of the cards, never shown. */
function placeholderOffers(settings: Settings): CreditOffer[] {
  const currency = settings.currency as Currency;
  return settings.credit_packages.map((pkg) => ({
    id: pkg.id,
    credits: pkg.credits,
    amount: pkg.prices[currency] ?? Object.values(pkg.prices)[0] ?? 1,
    currency,
    popular: pkg.popular,
  }));
}

/**
 * A placeholder's price shape: a member who never paid almost always has a discount running (the
 * time bonus, else the welcome discount), whose card shows the old price struck through too.
 */
function placeholderPrice(offer: CreditOffer, discounted: boolean): DiscountedPrice {
  if (!discounted) return null;
  const { percentage, code } = TIME_BONUS;
  return {
    kind: 'discounted',
    amount: offer.amount,
    original: offer.amount,
    percentage,
    code,
    discountKind: 'time_bonus',
  };
}

/**
 * What the credits buy, in the pricing page's words, and what a message costs in money in the
 * member's country (settings.minimum_message_costs): shown where credits are bought.
 */
function CreditUses({
  settings,
  country,
  giftPrices,
}: {
  settings: Settings;
  country: string | undefined;
  giftPrices: GiftPriceRange | null;
}) {
  const { t, i18n } = useTranslation();
  const minimum = country ? settings.minimum_message_costs[country] : undefined;
  return (
    <TitledSection className="credit-uses mt-4" titleId="credit-uses-h" title={t('pricing.what_title')}>
      <ul className="pricing-uses">
        <li>{t('pricing.use_message', { credits: settings.message_credits })}</li>
        <li>{t('pricing.use_photo', { credits: settings.photo_credits })}</li>
        <li>{giftUseText(t, giftPrices, settings.gift_credits)}</li>
      </ul>
      {minimum && (
        <p className="small text-body-secondary">
          {t('pricing.minimum', {
            price: formatUnitPrice(minimum.costs * 100, minimum.currency, i18n.language),
          })}
        </p>
      )}
    </TitledSection>
  );
}

export default withPageTexts(Credits);
