/**
 * A time to answer as the figures show it, in the staff member's language: seconds under a
 * minute, minutes under an hour, hours beyond, one decimal at most (Intl's own units, so every
 * locale writes them its way). null (no answer to measure) is a dash.
 */
export function formatAnswerTime(seconds: number | null, locale: string): string {
  if (seconds === null) return '–';
  const [value, unit] =
    seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A count in the staff member's language (thousands separators). */
export const formatCount = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);
