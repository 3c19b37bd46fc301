/**
 * A moment as the back office shows it: in the staff member's language, on the company's clock
 * (Amsterdam), so the server's render and the browser's agree whatever the browser's zone.
 */
export function formatAdminTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(iso));
}
