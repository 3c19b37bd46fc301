import { z } from 'zod';
import { COUNTRIES } from '../limits.ts';
import { multilineText, plainText } from './text.ts';

export const ProfileFieldSchema = z.enum([
  'age',
  'gender',
  'sexuality',
  'country',
  'region',
  'city',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
  'about_me',
  'interests',
]);
export type ProfileField = z.infer<typeof ProfileFieldSchema>;

const SearchFieldSchema = z.enum(['gender', 'country', 'countryregion', 'min_age', 'max_age']);

const MoneySchema = z.object({ costs: z.number().nonnegative(), currency: z.string().length(3) });

const CreditPackageSchema = z.object({
  id: z.enum(['p0', 'p1', 'p2', 'p3']),
  credits: z.number().int().positive(),
  /** Price in cents per currency. */
  prices: z.record(z.string().length(3), z.number().int().positive()),
  popular: z.boolean().default(false),
});
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

/** What an operator can set per domain. Texts that differ per language are maps locale → text. */
export const SettingsValuesSchema = z.object({
  domain_language: z.string().min(2),
  name: plainText().min(1),
  index_title: plainText().min(1).optional(),
  description: multilineText().min(1).optional(),
  cdn_prefix: z.string().min(1),
  countries: z.array(z.enum(COUNTRIES)).min(1),
  default_country: z.enum(COUNTRIES),
  signups: z.string().min(1),
  logged_out_search: z.string().min(1),
  logged_out_search_trafficsource: z.string().min(1),
  enable_site_entry_popup: z.string().min(1),
  site_entry_popup_countries: z.array(z.string().length(2)),
  min_age: z.number().int().min(18).max(99),
  fictional_icon: z.string().min(1),
  fictional_warning: z.record(z.string(), multilineText()).optional(),
  fictional_singular: z.record(z.string(), plainText()).optional(),
  fictional_plural: z.record(z.string(), plainText()).optional(),
  visible_profile_fields: z.array(ProfileFieldSchema),
  visible_profile_notes: z.boolean(),
  message_credits: z.number().int().positive(),
  signup_credits: z.number().int().nonnegative(),
  photo_credits: z.number().int().positive(),
  gift_credits: z.number().int().positive(),
  message_length: z.number().int().positive(),
  support_email: z.email(),
  search_fields: z.array(SearchFieldSchema),
  refund_days: z.number().int().nonnegative(),
  member_resell: z.boolean(),
  credit_packages: z.array(CreditPackageSchema).length(4),
  /** Currency per country for prices. */
  currencies: z.record(z.string().length(2), z.string().length(3)),
  /** The /premium page's claim: "46% higher match chance" (spec §9). */
  premium_match_chance: z.number().int().min(0).max(1000).default(46),
  /**
   * Direct debit per member (docs/decisions/0033): at most `max_debits` debits and `max_cents` (in
   * the member's currency) within `period_days`; open, pending and paid debits count.
   */
  direct_debit_limit: z
    .object({
      max_debits: z.number().int().min(0),
      max_cents: z.number().int().min(0),
      period_days: z.number().int().min(1).max(365),
    })
    .default({ max_debits: 3, max_cents: 15_000, period_days: 30 }),
  /** How many days after sign-up the welcome discount (25% on the first purchase) runs (docs/decisions/0032). */
  welcome_discount_days: z.number().int().min(0).max(365).default(7),
  /**
   * Texts a visitor who signs up on a member's entry page may send that member for free (the
   * landing flow); 0 switches them off.
   */
  landing_free_messages: z.number().int().min(0).max(20).default(2),
});
export type SettingsValues = z.infer<typeof SettingsValuesSchema>;

/** GET /api/settings.php: the spec's Settings (§3), resolved for one domain, visitor and language. */
export const SettingsSchema = z.object({
  domain: z.string(),
  domain_language: z.string(),
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  cdn_prefix: z.string(),
  countries: z.array(z.string()),
  signups: z.string(),
  /** Whether the sign-up form is open for this visitor (signups mode and traffic source). */
  signups_open: z.boolean(),
  logged_out_search: z.string(),
  logged_out_search_trafficsource: z.string(),
  /** Whether a logged-out visitor may search (logged_out_search or a traffic source). */
  logged_out_search_visible: z.boolean(),
  has_traffic_source: z.boolean(),
  enable_site_entry_popup: z.string(),
  site_entry_popup_countries: z.array(z.string()),
  geoip_country: z.string().nullable(),
  geoip_selected_country: z.string(),
  minimum_message_costs: z.record(z.string(), MoneySchema),
  push_public_key: z.string(),
  min_age: z.number(),
  fictional_icon: z.string(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  message_credits: z.number(),
  signup_credits: z.number(),
  photo_credits: z.number(),
  gift_credits: z.number(),
  message_length: z.number(),
  support_email: z.string(),
  search_fields: z.array(z.string()),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  refund_days: z.number(),
  member_resell: z.boolean(),
  credit_packages: z.array(CreditPackageSchema),
  currency: z.string(),
  premium_match_chance: z.number(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsQuerySchema = z.looseObject({
  domain: plainText().max(253).optional(),
});
