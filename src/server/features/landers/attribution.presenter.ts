import type { AttributionRow } from './attribution.service.ts';

const HEADER = [
  'day',
  'network',
  'sub_id',
  'lander',
  'slug',
  'visits',
  'signups',
  'confirmed',
  'first_purchases',
  'revenue_cents',
  'currency',
];

/**
 * A field as RFC 4180 wants it, and never a formula: a spreadsheet runs a cell that starts with
 * = + - @ (a sub id is whatever the ad network sent), so such a value gets a leading quote.
 */
function field(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line per day, source and currency of revenue (a day without purchases has one line, no currency). */
export function presentAttributionCsv(rows: readonly AttributionRow[]): string {
  const lines = [HEADER.join(',')];
  for (const row of rows) {
    const revenue = Object.entries(row.revenue).sort(([a], [b]) => a.localeCompare(b));
    const shares: [number, string][] =
      revenue.length > 0 ? revenue.map(([c, cents]) => [cents, c]) : [[0, '']];
    shares.forEach(([cents, currency], index) => {
      // The counts belong to the day's first line; further lines only add another currency's revenue.
      const counts =
        index === 0 ? [row.visits, row.signups, row.confirmed, row.firstPurchases] : [0, 0, 0, 0];
      lines.push(
        [row.day, row.network, row.sub1, row.lander, row.slug, ...counts, cents, currency]
          .map(field)
          .join(','),
      );
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}
