import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  type CreditOffer,
  type CreditOffersResponse,
  PackageIdSchema,
  type PaymentMethod,
  PaymentMethodSchema,
} from '../../../shared/contracts/payments.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { ConfirmPaymentModal } from './confirm-payment-modal.tsx';
import { CODE_PARAM, useDiscounts } from './discount.ts';
import { bestPrice, type DiscountedPrice } from './discount-choice.ts';
import { DiscountedPriceView } from './discounted-price.tsx';
import { MethodLogo } from './method-logo.tsx';
import { creditOffersQuery } from './payments-queries.ts';

type Props = {
  packageId: string;
  /** The method in the address (/credits/p2/ideal): the confirm modal opens with it. */
  method: string | undefined;
};

/**
 * /credits/{id}/{paymentmethod?}: the chosen package and the methods open to the member, each with
 * its logo and name. Choosing one puts it in the address and opens the confirm modal.
 */
export function CheckoutPage({ packageId, method }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chosenOffer = useChosenOffer(packageId, t('errors.package_not_found'));
  const [search] = useSearchParams();
  const code = search.get(CODE_PARAM);
  // The better of a typed code the server accepted and the member's own discount (time bonus,
  // welcome, staying), per package and method: what the server charges.
  const discounts = useDiscounts(code);
  const chosen = PaymentMethodSchema.safeParse(method);
  if ('fallback' in chosenOffer) return chosenOffer.fallback;
  const { offer, offers } = chosenOffer;
  const open: PaymentMethod | null =
    chosen.success && offers.methods.includes(chosen.data) ? chosen.data : null;
  const keep = code ? `?${CODE_PARAM}=${encodeURIComponent(code)}` : '';
  const address = (next: PaymentMethod | null) =>
    next ? `/credits/${offer.id}/${next}${keep}` : `/credits/${offer.id}${keep}`;
  const close = () => navigate(address(null), { replace: true, preventScrollReset: true });
  const reserved = discounts.firstPurchaseHeld;

  return (
    <>
      <PackageSummary offer={offer} price={bestPrice(offer, discounts)} />
      {reserved && (
        <p className="alert alert-info" data-testid="first-purchase-reserved">
          {t('errors.discount_first_purchase_reserved')}
        </p>
      )}

      <h2 className="h5">{t('checkout.methods_title')}</h2>
      {offers.methods.length === 0 ? (
        <p>{t('checkout.no_methods')}</p>
      ) : (
        <ul className="method-list">
          {offers.methods.map((m) => (
            <li key={m}>
              {/* A link, not a button: a tap before the page's script has loaded still opens
                  /credits/{package}/{method}, whose modal opens once the script runs. */}
              <Link
                to={address(m)}
                replace
                preventScrollReset
                className={`method-option${m === open ? ' is-chosen' : ''}`}
                aria-current={m === open ? 'true' : undefined}
                data-testid={`method-${m}`}
              >
                <MethodLogo method={m} />
                <span>{t(`methods.${m}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3">
        <Link to={`/credits${keep}`}>{t('checkout.all_packages')}</Link>
      </p>
      <ConfirmPaymentModal
        key={open ?? 'none'}
        offer={offer}
        price={open ? bestPrice(offer, discounts, open) : null}
        method={open}
        reserved={reserved}
        onClose={() => void close()}
      />
    </>
  );
}

/**
 * The chosen package and its price (with the discount, when one applies), as the checkout, the
 * direct-debit form and the repeat order show it.
 */
export function PackageSummary({ offer, price = null }: { offer: CreditOffer; price?: DiscountedPrice }) {
  const { t } = useTranslation();
  return (
    <section className="checkout-package card card-body shadow-sm mb-4" aria-labelledby="package-h">
      <div className="checkout-package-head">
        <h2 id="package-h" className="h5">
          {t(`credits_page.tiers.${offer.id}`)} · {t('credits_page.credits', { count: offer.credits })}
        </h2>
        <DiscountedPriceView
          offer={offer}
          price={price}
          className="checkout-amount"
          testId="checkout-amount"
          named
        />
      </div>
      <p className="one-time-notice">{t('credits_page.one_time')}</p>
    </section>
  );
}

/**
 * The package of the address among the member's offers, or what to show instead: loading, the
 * packages that could not be loaded, or `missing` with a way back to all packages.
 */
export function useChosenOffer(
  packageId: string | null | undefined,
  missing: string,
): { offer: CreditOffer; offers: CreditOffersResponse } | { fallback: ReactElement } {
  const { t } = useTranslation();
  const offers = useQuery(creditOffersQuery());
  const id = PackageIdSchema.safeParse(packageId);
  if (offers.isPending) return { fallback: <p className="text-body-secondary">{t('checkout.loading')}</p> };
  if (offers.isError)
    return {
      fallback: (
        <div className="alert alert-danger" role="alert">
          {t('credits_page.load_failed')}
        </div>
      ),
    };
  const offer = id.success ? offers.data.packages.find((p) => p.id === id.data) : undefined;
  if (!offer)
    return {
      fallback: (
        <div className="alert alert-warning" role="alert">
          {missing} <Link to="/credits">{t('checkout.all_packages')}</Link>
        </div>
      ),
    };
  return { offer, offers: offers.data };
}
