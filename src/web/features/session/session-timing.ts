import { LIMITS } from '../../../shared/limits.ts';

/**
 * Spec §7: the member is fetched again 5 s after load, then every 60 s — or every 300 s once push
 * is subscribed, because pushes then carry the news and polling would only cost battery.
 */
export function userRefreshDelay(isFirst: boolean, pushSubscribed: boolean): number {
  if (isFirst) return LIMITS.userFirstRefreshMs;
  return pushSubscribed ? LIMITS.userRefreshWithPushMs : LIMITS.userRefreshMs;
}

type BadgingNavigator = {
  setAppBadge?: (count: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** Mirrors the title count on the installed app's icon; unsupported or refused, it is ignored (spec §8). */
export function updateAppBadge(nav: BadgingNavigator, count: number): void {
  try {
    const pending = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    pending?.catch(() => {});
  } catch {
    // Some browsers throw synchronously outside a secure context or an installed app.
  }
}

/** Fetches of the member so far, successful or not: what the polling schedule counts. */
export function userFetchCount(state: { dataUpdateCount: number; errorUpdateCount: number }): number {
  return state.dataUpdateCount + state.errorUpdateCount;
}

/**
 * The user query's refetchInterval: the first refresh 5 s after polling (re)starts — with the
 * member, or when push is switched on or off — and the regular interval after every later fetch.
 * `fetchesAtStart` is userFetchCount when polling (re)started.
 */
export function userRefetchInterval(
  state: { dataUpdateCount: number; errorUpdateCount: number },
  fetchesAtStart: number,
  pushSubscribed: boolean,
): number {
  return userRefreshDelay(userFetchCount(state) <= fetchesAtStart, pushSubscribed);
}
