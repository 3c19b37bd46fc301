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

/**
 * How long from the browser's `clientNow` until the first claim on the page ends (by the server's
 * clock, moved on by the browser's time since the answer), a moment later so the read finds it
 * ended; null when nothing on the page is claimed. A claim's end is no event on the back office's
 * socket: the page reads its list again then, and a claim renewed meanwhile is read with its new end.
 */
export function untilFirstClaimEnds(
  claimEnds: readonly (string | null)[],
  serverNow: string,
  clientAtServerNow: number,
  clientNow: number,
): number | null {
  const ends = claimEnds.flatMap((end) => (end === null ? [] : [Date.parse(end)]));
  if (ends.length === 0) return null;
  const left = Math.min(...ends) - Date.parse(serverNow) - (clientNow - clientAtServerNow);
  return Math.max(0, left) + CLAIM_END_MARGIN_MS;
}

const CLAIM_END_MARGIN_MS = 500;
