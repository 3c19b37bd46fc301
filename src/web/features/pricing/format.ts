/** Money is integer cents; shown in the visitor's language and the country's currency. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/**
 * A price per one of something (a credit, a message), wherever it is shown: always two decimals,
 * in the member's language and currency. `cents` may be a fraction of a cent (14,95 for 100 credits
 * is 14,95 cents a credit): it is rounded to the cent, half up, so a price per credit never shows
 * three decimals on one card and two on the next.
 */
export function formatUnitPrice(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.round(cents) / 100);
}
