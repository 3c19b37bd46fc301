import { useTranslation } from '../../lib/i18n.tsx';
import { formatMoney } from '../pricing/format.ts';
import { useDiscountName } from './discount.ts';
import type { CodeNotHere, DiscountedPrice } from './discount-choice.ts';

type Props = {
  /** The package's own price (a CreditOffer), before any discount. */
  offer: { amount: number; currency: string };
  price: DiscountedPrice;
  /** The element and class of the price itself (a package card's, the checkout's, the modal's). */
  className: string;
  testId?: string;
  /**
   * Name the discount under the price, in the receipt's words ("Korting (Tijdbonus, 25%)"): where
   * a member decides to pay, so the receipt names the discount the page named.
   */
  named?: boolean;
};

/**
 * A price with the active discount: the old price struck through, the new one, and the percentage;
 * or the plain price with why a discount does not apply here (below its minimum, another method).
 */
export function DiscountedPriceView({ offer, price, className, testId, named }: Props) {
  const { t, i18n } = useTranslation();
  const discountName = useDiscountName();
  const money = (cents: number) => formatMoney(cents, offer.currency, i18n.language);
  if (price?.kind !== 'discounted')
    return (
      <>
        <p className={className} data-testid={testId}>
          {money(offer.amount)}
        </p>
        <CodeNote note={price} />
      </>
    );
  return (
    <>
      <p className={`${className} has-discount`}>
        <span className="visually-hidden">{t('discount.was')}: </span>
        <s className="price-was">{money(price.original)}</s>{' '}
        <span className="visually-hidden">{t('discount.now')}: </span>
        <span className="price-now" data-testid={testId}>
          {money(price.amount)}
        </span>{' '}
        <span className="price-off">{t('discount.off', { percentage: price.percentage })}</span>
      </p>
      {named && (
        <p className="discount-name small text-body-secondary" data-testid={testId && `${testId}-discount`}>
          {t('discount.line', { code: discountName(price.code), percentage: price.percentage })}
        </p>
      )}
      <CodeNote note={price.codeNotHere ?? null} />
    </>
  );
}

/** Why the typed code does not price this package (below its minimum, another method). */
function CodeNote({ note }: { note: CodeNotHere | null }) {
  const { t, i18n } = useTranslation();
  if (note?.kind === 'below_minimum')
    return (
      <p className="discount-note small text-body-secondary">
        {t('discount.from', { amount: formatMoney(note.minimum, note.currency, i18n.language) })}
      </p>
    );
  if (note?.kind === 'other_method')
    return (
      <p className="discount-note small text-body-secondary">
        {t('discount.not_for_method', { methods: note.methods.map((m) => t(`methods.${m}`)).join(', ') })}
      </p>
    );
  return null;
}
