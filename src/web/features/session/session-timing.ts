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
