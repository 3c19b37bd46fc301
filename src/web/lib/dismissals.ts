import type { DismissalKey } from '../../shared/contracts/auth.ts';
import { request } from './api.ts';
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

/**
 * A member's dismissal, stored with the account (a timestamp, once), then the session read again
 * (`refresh`), whose `dismissals` every device and the server's render go by. A failure costs the
 * member one more showing at most.
 */
export function dismissForAccount(key: DismissalKey, refresh: () => Promise<unknown>): void {
  void request('/api/dismissal.php', { method: 'POST', body: { key } })
    .then(refresh)
    .catch(() => {});
}

export function isStandaloneApp(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (window.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
