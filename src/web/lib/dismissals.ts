import type { DismissalKey } from '../../shared/contracts/auth.ts';
import { safeLocalStorage } from './local-storage.ts';

/**
 * Dismissable alerts kept in this browser (the site-entry warning, which visitors close): each
 * keeps its own timestamp. A member's dismissals (the time-bonus modal, add photo) are stored with
 * the account instead (POST /api/dismissal.php, the session's `dismissals`): they hold on every
 * device, and the server renders the page without the alert.
 * Where storage is blocked (private mode), the alerts simply show again.
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

export function isStandaloneApp(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (window.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
