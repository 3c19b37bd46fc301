import type { DismissalKey } from '../../shared/contracts/auth.ts';

/**
 * Dismissable alerts kept in this browser (add photo, enable push, disabled notifications, site
 * entry): each keeps its own timestamp. The time-bonus modal's dismissal is stored with the
 * account instead (POST /api/dismissal.php, the session's `dismissals`), so it holds on every device.
 */
const PREFIX = 'dismissed_';

export function dismissedAt(
  key: DismissalKey,
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): number | null {
  const raw = storage?.getItem(PREFIX + key);
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

export function dismiss(
  key: DismissalKey,
  now = Date.now(),
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
) {
  storage?.setItem(PREFIX + key, String(now));
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // private mode or blocked storage: alerts simply show again
  }
}

export function isStandaloneApp(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (window.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
