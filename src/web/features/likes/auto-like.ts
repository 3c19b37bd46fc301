/** The longest `?t=` honoured: a link cannot keep a modal pending for hours. */
export const AUTO_LIKE_MAX_DELAY_S = 600;

/** `?t=` in ms, or null when absent or not a number of seconds in 0…AUTO_LIKE_MAX_DELAY_S. */
export function autoLikeDelayMs(search: string): number | null {
  const raw = new URLSearchParams(search).get('t');
  if (raw === null || !/^\d{1,6}(\.\d+)?$/.test(raw.trim())) return null;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds > AUTO_LIKE_MAX_DELAY_S) return null;
  return Math.round(seconds * 1000);
}

/** The query string without one parameter ('' when nothing is left). */
export function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
