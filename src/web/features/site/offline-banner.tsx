import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** Whether the browser says it has a network (true on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Offline status is tracked (spec §4) and told to the user, who otherwise sees requests hang. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="alert alert-warning rounded-0 mb-0 text-center py-2" role="status">
      {t('banners.offline')}
    </div>
  );
}
