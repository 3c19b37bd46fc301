/**
 * Where a `redirect` or `next` parameter may lead: only paths on this site. An open redirect would
 * let a phishing link bounce through our pages (`//evil.example` is another site's address).
 */
export function sitePath(value: string | null | undefined, fallback: string): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : fallback;
}
