/**
 * VAT rates by the member's country, in hundredths of a percent (basis points: 2100 is 21%).
 * A first table, kept in code: the back office will own it (rates change, and the rules for
 * digital services follow the buyer's country). Countries not listed: 0.
 */
const VAT_RATE_BP: Readonly<Record<string, number>> = {
  NL: 2100,
  DE: 1900,
  BE: 2100,
  FR: 2000,
  IT: 2200,
  ES: 2100,
  AT: 2000,
  PL: 2300,
  IE: 2300,
  GB: 2000,
  CH: 810,
};

export function vatRateBp(country: string): number {
  return VAT_RATE_BP[country.toUpperCase()] ?? 0;
}

/**
 * The VAT inside a VAT-inclusive amount, in integer cents: amount × rate / (1 + rate), rounded half
 * up to the cent (the net is the amount minus it, so net + VAT is always the amount paid).
 * Integer arithmetic only: amount × bp / (10000 + bp).
 */
export function vatIncluded(amountCents: number, rateBp: number): number {
  if (rateBp <= 0) return 0;
  const denominator = 10_000 + rateBp;
  return Math.floor((amountCents * rateBp * 2 + denominator) / (denominator * 2));
}
