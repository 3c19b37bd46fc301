import { useMemo } from 'react';
import { useTranslation } from './i18n.tsx';

/** The server's smallest step (members.presenter.ts roundDistanceKm): 0 means under this many km. */
const NEAR_KM = 5;

/**
 * How far a member lives, in the page's language and number format ("Op 12 km afstand",
 * "1,240 km away"); null when the server sent no distance (either place unknown).
 */
export function useDistanceLabel(): (km: number | undefined) => string | null {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const kilometres = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilometer' });
    return (km) => {
      if (km === undefined) return null;
      if (km < NEAR_KM) return t('distance.under', { distance: kilometres.format(NEAR_KM) });
      return t('distance.away', { distance: kilometres.format(km) });
    };
  }, [t, i18n.language]);
}
