import type { Gift, GiftPriceRange } from '../../../shared/contracts/gifts.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { giftName } from '../chat/chat.presenter.ts';
import type { GiftRow } from './gifts.service.ts';

/** The catalogue as a member sees it: names in their language, each gift's price on this domain. */
export function presentGifts(rows: readonly GiftRow[], locale: Locale, giftCredits: number): Gift[] {
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: giftName(row.names, locale),
    credits: row.credits ?? giftCredits,
  }));
}

/** What the catalogue's gifts cost on a domain: null when no gift is active. */
export function giftPriceRange(rows: readonly GiftRow[], giftCredits: number): GiftPriceRange | null {
  const prices = rows.map((row) => row.credits ?? giftCredits);
  return prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null;
}
