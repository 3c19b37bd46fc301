/** How long an item has waited, in the largest unit that reads at a glance (minutes, hours, days). */
export function waitDuration(
  createdAt: string,
  now: string,
): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { value: hours, unit: 'hour' };
  return { value: Math.floor(hours / 24), unit: 'day' };
}

/** The wait in the staff member's language ("12 minutes", "3 Stunden"): Intl has the plurals. */
export function formatWait(createdAt: string, now: string, locale: string): string {
  const { value, unit } = waitDuration(createdAt, now);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
