import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SettingsValues } from '../../../shared/contracts/settings.ts';
import { SettingsValuesSchema } from '../../../shared/contracts/settings.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Translate } from '../../../shared/i18n/translator.ts';
import type { Database } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { type EncodedBody, encodeBody } from '../../lib/encoded-body.ts';
import { defineChannel, type EventBus, publish } from '../../lib/event-bus.ts';
import type { TrafficSource } from '../../lib/traffic-source.ts';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';

/** The row that applies to every domain without its own values. */
const ALL_DOMAINS = '*';
/** A domain's settings changed (an operator's edit): every instance drops what it cached of them. */
const settingsChanged = defineChannel('settings_changed', z.string().max(253));

export type SettingsStore = {
  /** Values for a domain: code defaults, then the '*' row, then the domain's own row. */
  getValues: (domain: string) => Promise<SettingsValues>;
  update: (domain: string, patch: Partial<SettingsValues>) => Promise<SettingsValues>;
  invalidate: (domain?: string) => void;
  /** Changes whenever any cached values are dropped, so derived caches know to drop theirs. */
  version: () => number;
};

export function normalizeDomain(host: string | undefined): string {
  const withoutPort = (host ?? 'localhost').toLowerCase().replace(/:\d+$/, '');
  return withoutPort.replace(/^www\./, '') || 'localhost';
}

export async function createSettingsStore(db: Database, bus?: EventBus): Promise<SettingsStore> {
  // An entry dropped by invalidate is no longer in the map, so a late load cannot bring old values back.
  const cache = new Map<string, Promise<SettingsValues>>();

  async function load(domain: string): Promise<SettingsValues> {
    const rows = await db
      .select()
      .from(siteSettings)
      .where(inArray(siteSettings.domain, [ALL_DOMAINS, domain]));
    const forAll = rows.find((r) => r.domain === ALL_DOMAINS)?.values ?? {};
    const own = domain === ALL_DOMAINS ? {} : (rows.find((r) => r.domain === domain)?.values ?? {});
    const merged = { ...DEFAULT_SETTINGS, ...forAll, ...own };
    const parsed = SettingsValuesSchema.safeParse(merged);
    // A bad stored value must not take the site down: fall back to the defaults for that field.
    if (parsed.success) return parsed.data;
    const repaired: Record<string, unknown> = { ...merged };
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string') repaired[key] = DEFAULT_SETTINGS[key as keyof SettingsValues];
    }
    return SettingsValuesSchema.parse(repaired);
  }

  let version = 0;
  const invalidate = (domain?: string) => {
    version += 1;
    if (!domain || domain === ALL_DOMAINS) cache.clear();
    else cache.delete(domain);
  };
  await bus?.subscribe(settingsChanged, (domain) => invalidate(domain));
  await load(ALL_DOMAINS);

  return {
    getValues: (domain) => {
      let loading = cache.get(domain);
      if (!loading) {
        const created = load(domain);
        // A failed load is not kept: the next call tries again.
        created.catch(() => cache.get(domain) === created && cache.delete(domain));
        cache.set(domain, created);
        loading = created;
      }
      return loading;
    },
    invalidate,
    version: () => version,
    update: async (domain, patch) => {
      const checked = SettingsValuesSchema.partial().parse(patch);
      await db
        .insert(siteSettings)
        .values({ domain, values: checked })
        .onConflictDoUpdate({
          target: siteSettings.domain,
          set: {
            values: sql`${siteSettings.values} || ${JSON.stringify(checked)}::jsonb`,
            updatedAt: new Date(),
          },
        });
      invalidate(domain);
      await publish(db, settingsChanged, domain);
      return load(domain);
    },
  };
}

export type VisitorContext = {
  domain: string;
  locale: Locale;
  country: string | null;
  trafficSource: TrafficSource | undefined;
  pushPublicKey: string;
};

function pick(prices: Record<string, number>, currency: string): Record<string, number> {
  const price = prices[currency];
  return price === undefined ? {} : { [currency]: price };
}

/** A translated text from settings when the domain sets one for this language, else the default text. */
function localized(map: Record<string, string> | undefined, locale: Locale, fallback: string): string {
  return map?.[locale] ?? fallback;
}

function minimumMessageCosts(values: SettingsValues) {
  const byCountry: Record<string, { costs: number; currency: string }> = {};
  for (const country of values.countries) {
    const currency = values.currencies[country] ?? 'EUR';
    const perCredit = Math.min(
      ...values.credit_packages.map((p) => (p.prices[currency] ?? Number.POSITIVE_INFINITY) / p.credits),
    );
    byCountry[country] = { costs: Math.round(perCredit * values.message_credits) / 100, currency };
  }
  return byCountry;
}

/** The settings one visitor sees: texts in their language, sign-up and search opened by a traffic source. */
function resolveSettings(values: SettingsValues, visitor: VisitorContext, t: Translate) {
  const hasTrafficSource = visitor.trafficSource !== undefined;
  const loggedOutSearch = hasTrafficSource
    ? values.logged_out_search_trafficsource
    : values.logged_out_search;
  const selectedCountry =
    visitor.country && (values.countries as string[]).includes(visitor.country)
      ? visitor.country
      : values.default_country;
  const currency = values.currencies[selectedCountry] ?? 'EUR';
  return {
    domain: visitor.domain,
    domain_language: values.domain_language,
    name: values.name,
    index_title: values.index_title ?? t('site.index_title', { site_name: values.name }),
    description: values.description ?? t('site.description', { site_name: values.name }),
    cdn_prefix: values.cdn_prefix,
    countries: values.countries,
    signups: values.signups,
    signups_open: values.signups === 'all' || (values.signups === 'with_trafficsource' && hasTrafficSource),
    logged_out_search: loggedOutSearch,
    logged_out_search_trafficsource: values.logged_out_search_trafficsource,
    logged_out_search_visible: loggedOutSearch !== 'none',
    has_traffic_source: hasTrafficSource,
    enable_site_entry_popup: values.enable_site_entry_popup,
    site_entry_popup_countries: values.site_entry_popup_countries,
    geoip_country: visitor.country,
    geoip_selected_country: selectedCountry,
    minimum_message_costs: minimumMessageCosts(values),
    push_public_key: visitor.pushPublicKey,
    min_age: values.min_age,
    fictional_icon: values.fictional_icon,
    visible_profile_fields: values.visible_profile_fields,
    visible_profile_notes: values.visible_profile_notes,
    message_credits: values.message_credits,
    signup_credits: values.signup_credits,
    photo_credits: values.photo_credits,
    gift_credits: values.gift_credits,
    message_length: values.message_length,
    support_email: values.support_email,
    search_fields: values.search_fields,
    fictional_warning: localized(values.fictional_warning, visitor.locale, t('fictional.warning')),
    fictional_singular: localized(values.fictional_singular, visitor.locale, t('fictional.singular')),
    fictional_plural: localized(values.fictional_plural, visitor.locale, t('fictional.plural')),
    refund_days: values.refund_days,
    member_resell: values.member_resell,
    // Only the visitor's currency: the other seven would be sent on every page and never shown.
    credit_packages: values.credit_packages.map((p) => ({ ...p, prices: pick(p.prices, currency) })),
    currency,
    premium_match_chance: values.premium_match_chance,
  };
}

type ResolvedSettings = ReturnType<typeof resolveSettings>;

/**
 * Settings are asked for on every page and by every tab: the resolved object and its JSON are kept
 * per (domain, language, country, traffic source) until the settings change.
 */
export function createResolvedSettingsCache(store: SettingsStore, t: (locale: Locale) => Translate) {
  const cache = new Map<string, ResolvedSettingsEntry>();
  const keyOf = (visitor: VisitorContext) =>
    `${visitor.domain}|${visitor.locale}|${visitor.country ?? ''}|${visitor.trafficSource ? 1 : 0}`;
  /** The current entry when it is already resolved: synchronous, for answers that cannot wait. */
  const peek = (visitor: VisitorContext): ResolvedSettingsEntry | undefined => {
    const hit = cache.get(keyOf(visitor));
    return hit && hit.version === store.version() ? hit : undefined;
  };
  const resolve = async (visitor: VisitorContext): Promise<ResolvedSettingsEntry> => {
    const hit = peek(visitor);
    if (hit) return hit;
    const version = store.version();
    const value = resolveSettings(await store.getValues(visitor.domain), visitor, t(visitor.locale));
    // Kept as bytes, compressed once per encoding (encoded-body.ts).
    const entry = { version, value, body: encodeBody(JSON.stringify(value)) };
    if (cache.size > 10_000) cache.clear(); // bounded: keys come from request data
    cache.set(keyOf(visitor), entry);
    return entry;
  };
  return Object.assign(resolve, { peek });
}

/** Who asks, for the settings that apply to them (the push key is the instance's own). */
export type SettingsVisitor = Omit<VisitorContext, 'pushPublicKey'>;
type SettingsDeps = {
  resolvedSettings: ReturnType<typeof createResolvedSettingsCache>;
  vapid: { publicKey: string };
};

/** The settings a visitor gets, resolved and kept as bytes for an answer, with this instance's push key. */
export function settingsEntryFor(
  deps: SettingsDeps,
  visitor: SettingsVisitor,
): Promise<ResolvedSettingsEntry> {
  return deps.resolvedSettings({ ...visitor, pushPublicKey: deps.vapid.publicKey });
}

/** The settings that apply to a visitor: prices, limits and texts for their domain, language and country. */
export async function settingsFor(deps: SettingsDeps, visitor: SettingsVisitor): Promise<ResolvedSettings> {
  return (await settingsEntryFor(deps, visitor)).value;
}

type ResolvedSettingsEntry = {
  version: number;
  value: ResolvedSettings;
  body: EncodedBody;
};

/** The headers every settings answer carries besides the API security headers. */
export const SETTINGS_HEADERS = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  vary: 'accept-encoding, cookie',
});
