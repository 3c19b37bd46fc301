import { useTranslation } from '../../lib/i18n.tsx';
import { useOnline } from '../../lib/use-online.ts';

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
