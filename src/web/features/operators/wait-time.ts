/**
 * How long a member has waited, as the queue shows it: seconds under a minute, then whole minutes.
 * `serverNow` and `clientAtServerNow` anchor the count to the server's clock, so a browser whose
 * clock is off shows the same waits as everyone else.
 */
export function waitedSeconds(
  waitingSince: string,
  serverNow: string,
  clientAtServerNow: number,
  clientNow: number,
) {
  const elapsed = Date.parse(serverNow) - Date.parse(waitingSince) + (clientNow - clientAtServerNow);
  return Math.max(0, Math.floor(elapsed / 1000));
}

export function waitParts(seconds: number): { minutes: number } | { seconds: number } {
  return seconds < 60 ? { seconds } : { minutes: Math.floor(seconds / 60) };
}
