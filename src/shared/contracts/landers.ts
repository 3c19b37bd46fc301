import { LOCALES, type Locale } from '../i18n/locales.ts';

/** The landers reached without a slug (spec §2). */
const PLAIN_LANDERS = ['adultonly', 'tinderswipe', 'whoneedsstrings'] as const;
/** The landers whose address may carry a slug (spec §2). */
export const SLUG_LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export const LANDERS = [...PLAIN_LANDERS, ...SLUG_LANDERS] as const;
export type LanderName = (typeof LANDERS)[number];

/** The advertising entries of one member (/members/{id}/…): the source names them `entry-<design>`. */
export const ENTRY_DESIGNS = ['landing', 'signup', 'landing2', 'landing3'] as const;
export type EntryDesign = (typeof ENTRY_DESIGNS)[number];

export const isLander = (value: string | undefined): value is LanderName =>
  (LANDERS as readonly string[]).includes(value ?? '');

/**
 * A slug names the language of a lander's copy, by ISO 639-2 code (the spec: "en becomes eng").
 * `auto` is the visitor's own language.
 */
const SLUG_OF_LOCALE: Record<Locale, string> = {
  nl: 'nld',
  de: 'deu',
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  it: 'ita',
  pl: 'pol',
};

export type ResolvedSlug = {
  /** The slug as stored with the source: `auto` replaced, an unknown one kept as the ad sent it. */
  slug: string | null;
  /** The language of the lander's copy: the slug's, or the visitor's for none or an unknown one. */
  copyLocale: Locale;
};

/** `auto` becomes the visitor's locale's code; an unknown slug keeps the lander's default copy, never a 404. */
export function resolveSlug(raw: string | undefined, locale: Locale): ResolvedSlug {
  const slug = raw?.trim().toLowerCase().slice(0, 40) || null;
  if (!slug) return { slug: null, copyLocale: locale };
  if (slug === 'auto') return { slug: SLUG_OF_LOCALE[locale], copyLocale: locale };
  const match = LOCALES.find((candidate) => SLUG_OF_LOCALE[candidate] === slug);
  return { slug, copyLocale: match ?? locale };
}

/**
 * The first-party cookie naming the lander or entry a visitor came through, set by the visit
 * beacon and read at sign-up (the traffic-source cookie carries the network and sub ids).
 */
export const LANDER_COOKIE = 'lander_source';
export const LANDER_COOKIE_DAYS = 30;

export type LanderSource = { lander: string; slug: string | null };

const SOURCE_PART = /^[a-z0-9-]{1,40}$/;

export function formatLanderSource(source: LanderSource): string {
  return source.slug ? `${source.lander}/${source.slug}` : source.lander;
}

/** The cookie's value, or undefined when it is not one of ours. */
export function parseLanderSource(value: string | undefined): LanderSource | undefined {
  if (!value) return undefined;
  const [lander, slug, rest] = value.split('/');
  if (rest !== undefined || !lander || !SOURCE_PART.test(lander)) return undefined;
  if (slug !== undefined && !SOURCE_PART.test(slug)) return undefined;
  return { lander, slug: slug ?? null };
}
