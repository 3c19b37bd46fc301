/**
 * When a conversation's last message came, as the list shows it: the time for today, the weekday
 * within the last week, the day and month before that (with the year once it is another year).
 * In the browser's time zone, so only rendered after hydration (the server's zone differs).
 */
export function chatListTime(at: string, now: Date, locale: string, timeZone?: string): string {
  const when = new Date(at);
  const day = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      date,
    );
  if (day(when) === day(now))
    return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(when);
  const sixDaysAgo = new Date(now.getTime() - 6 * 24 * 3600_000);
  if (when > sixDaysAgo && when < now)
    return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }).format(when);
  const year = (date: Date) => new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(date);
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    ...(year(when) === year(now) ? {} : { year: 'numeric' }),
  }).format(when);
}
