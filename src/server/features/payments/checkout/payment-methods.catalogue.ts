import type { Currency, PaymentMethod } from '../../../../shared/contracts/payments.ts';
import { PAYMENT_METHODS } from '../../../../shared/contracts/payments.ts';
import type { PaymentProvider } from '../providers/payment-provider.ts';

/** Countries that pay in euro through SEPA (of the site's countries). */
const SEPA_EURO = ['NL', 'BE', 'IE', 'DE', 'AT', 'IT', 'FR', 'ES'] as const;
/** Where Maestro debit cards are still issued and taken (Europe). */
const EUROPE = [...SEPA_EURO, 'GB', 'CH', 'PL'] as const;

/**
 * Where a method can be used: `countries` and `currencies` null means anywhere. A method is offered
 * to a member only when both fit and the configured provider takes it (provider.methods): Mollie
 * no longer takes giropay (ended 2024) nor Sofort (ended 2025), so through Mollie German members
 * see cards, PayPal, SEPA and the others, and only the test gateway still shows those two.
 */
type MethodReach = { countries: readonly string[] | null; currencies: readonly Currency[] | null };

export const METHOD_REACH: Record<PaymentMethod, MethodReach> = {
  ideal: { countries: ['NL'], currencies: ['EUR'] },
  bancontact: { countries: ['BE'], currencies: ['EUR'] },
  blik: { countries: ['PL'], currencies: ['PLN'] },
  prezelewy24: { countries: ['PL'], currencies: ['PLN', 'EUR'] },
  cartebancaire: { countries: ['FR'], currencies: ['EUR'] },
  nexi: { countries: ['IT'], currencies: ['EUR'] },
  eps: { countries: ['AT'], currencies: ['EUR'] },
  giropay: { countries: ['DE'], currencies: ['EUR'] },
  sofort: { countries: ['DE', 'AT'], currencies: ['EUR'] },
  // SEPA direct debit and SEPA credit transfer: euro, in the SEPA countries.
  sdd: { countries: SEPA_EURO, currencies: ['EUR'] },
  sct: { countries: SEPA_EURO, currencies: ['EUR'] },
  maestro: { countries: EUROPE, currencies: null },
  paysafecard: { countries: null, currencies: null },
  creditcard: { countries: null, currencies: null },
  visa: { countries: null, currencies: null },
  mastercard: { countries: null, currencies: null },
  applepay: { countries: null, currencies: null },
  paypal: { countries: null, currencies: null },
};

/**
 * The order methods are shown in: the country's own bank methods first (what members there
 * expect), then cards, wallets and transfers.
 */
const DISPLAY_ORDER: readonly PaymentMethod[] = [
  'ideal',
  'bancontact',
  'blik',
  'prezelewy24',
  'cartebancaire',
  'nexi',
  'eps',
  'giropay',
  'sofort',
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'applepay',
  'paypal',
  'paysafecard',
  'sdd',
  'sct',
];

/**
 * The methods a member from `country` paying in `currency` can use with a provider that takes
 * `accepted`, in display order. Direct debit (sdd) only when its mandate flow can run
 * (`directDebit`: a provider that keeps mandates, and SMS that reach the member; decision 0033).
 */
export function methodsFor(
  country: string,
  currency: Currency,
  provider: Pick<PaymentProvider, 'takes'>,
  options: { directDebit?: boolean } = {},
): PaymentMethod[] {
  return DISPLAY_ORDER.filter((method) => {
    if (!provider.takes(method, currency)) return false;
    if (method === 'sdd' && !options.directDebit) return false;
    const reach = METHOD_REACH[method];
    return (
      (reach.countries === null || reach.countries.includes(country)) &&
      (reach.currencies === null || reach.currencies.includes(currency))
    );
  });
}

/** Methods whose payment can leave a mandate for repeat orders (a stored card or PayPal). */
export const CARD_MANDATE_METHODS: ReadonlySet<PaymentMethod> = new Set([
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'cartebancaire',
  'paypal',
]);

// Every method has a place in the order (a new one cannot be forgotten there).
if (DISPLAY_ORDER.length !== PAYMENT_METHODS.length) throw new Error('DISPLAY_ORDER misses a method');
