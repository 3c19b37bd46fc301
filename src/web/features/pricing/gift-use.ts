import type { GiftPriceRange } from '../../../shared/contracts/gifts.ts';
import type { KeyedTranslate } from '../../../shared/i18n/translator.ts';

/**
 * What sending a gift costs, said as the picker will show it: the catalogue's range when its
 * gifts differ in price (some have their own), else the one price (settings.gift_credits when the
 * catalogue could not be read).
 */
export function giftUseText(t: KeyedTranslate, range: GiftPriceRange | null, giftCredits: number): string {
  if (range && range.min !== range.max) return t('pricing.use_gift_range', range);
  return t('pricing.use_gift', { credits: range?.min ?? giftCredits });
}
