import {
  type CreditPackage,
  ProfileFieldSchema,
  type SettingsValues,
} from '../../../shared/contracts/settings.ts';
import { COUNTRIES } from '../../../shared/limits.ts';

const CURRENCY_BY_COUNTRY: Record<string, string> = {
  NL: 'EUR',
  BE: 'EUR',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  IT: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  GB: 'GBP',
  CH: 'CHF',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  PL: 'PLN',
};

/** Rough purchasing-power factors against the euro; prices end in .95 (or whole złoty). */
const FACTORS: Record<string, number> = {
  EUR: 1,
  GBP: 0.86,
  CHF: 0.96,
  USD: 1.08,
  CAD: 1.48,
  AUD: 1.65,
  NZD: 1.8,
  PLN: 4.3,
};

function pricesFromEuroCents(eurCents: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(FACTORS).map(([currency, factor]) => {
      const whole = Math.max(1, Math.round((eurCents * factor) / 100));
      return [currency, currency === 'PLN' ? whole * 100 - 1 : whole * 100 - 5];
    }),
  );
}

const PACKAGES: CreditPackage[] = [
  { id: 'p0', credits: 100, prices: pricesFromEuroCents(1500), popular: false },
  { id: 'p1', credits: 250, prices: pricesFromEuroCents(3000), popular: false },
  { id: 'p2', credits: 600, prices: pricesFromEuroCents(6000), popular: true },
  { id: 'p3', credits: 1500, prices: pricesFromEuroCents(12000), popular: false },
];

/** What every domain gets unless its row in site_settings says otherwise. */
export const DEFAULT_SETTINGS: SettingsValues = {
  domain_language: 'nl_NL',
  name: 'Liefdesplein',
  cdn_prefix: '/media/',
  countries: [...COUNTRIES],
  default_country: 'NL',
  signups: 'all',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'all',
  enable_site_entry_popup: 'yes',
  site_entry_popup_countries: ['NL', 'DE'],
  min_age: 18,
  fictional_icon: '/icons/fictional.svg',
  visible_profile_fields: [...ProfileFieldSchema.options],
  visible_profile_notes: true,
  message_credits: 10,
  signup_credits: 20,
  photo_credits: 20,
  gift_credits: 30,
  message_length: 1000,
  support_email: 'support@liefdesplein.nl',
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  refund_days: 14,
  member_resell: false,
  credit_packages: PACKAGES,
  currencies: CURRENCY_BY_COUNTRY,
  premium_match_chance: 46,
  direct_debit_limit: { max_debits: 3, max_cents: 15_000, period_days: 30 },
  welcome_discount_days: 7,
  landing_free_messages: 2,
};
