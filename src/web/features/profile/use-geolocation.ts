import { useCallback, useEffect, useState } from 'react';
import type { GeocodeResponse } from '../../../shared/contracts/profile.ts';
import { getJson } from '../../lib/api.ts';
import {
  currentPosition,
  GeoError,
  type GeoPermission,
  readGeoPermission,
  readStoredGeocode,
  type StoredGeocode,
  storeGeocode,
} from './geolocation.ts';

export type LocateResult =
  | { ok: true; geocode: GeocodeResponse }
  | { ok: false; reason: 'unsupported' | 'denied' | 'unavailable' | 'geocode_failed' };

/**
 * "Use my location": the browser's position, then the nearest city from /api/geocode.php. The
 * permission state is tracked as the spec names it, and the answer (or false) is kept as `geocode`.
 */
export function useGeolocation() {
  const [permission, setPermission] = useState<GeoPermission>('unknown');
  const [geocode, setGeocode] = useState<StoredGeocode>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    setGeocode(readStoredGeocode());
    void readGeoPermission(navigator, (state) => current && setPermission(state)).then(
      (state) => current && setPermission(state),
    );
    return () => {
      current = false;
    };
  }, []);

  const locate = useCallback(async (): Promise<LocateResult> => {
    setBusy(true);
    try {
      const position = await currentPosition(navigator);
      setPermission((p) => (p === 'unsupported' ? p : 'granted'));
      const { latitude, longitude } = position.coords;
      const params = new URLSearchParams({ lat: latitude.toFixed(5), lon: longitude.toFixed(5) });
      try {
        const found = await getJson<GeocodeResponse>(`/api/geocode.php?${params}`, { retry: false });
        storeGeocode(found);
        setGeocode(found);
        return { ok: true, geocode: found };
      } catch {
        storeGeocode(false);
        setGeocode(false);
        return { ok: false, reason: 'geocode_failed' };
      }
    } catch (error) {
      const reason = error instanceof GeoError ? error.reason : 'unavailable';
      if (reason === 'denied') setPermission('denied');
      if (reason === 'unsupported') setPermission('unsupported');
      storeGeocode(false);
      setGeocode(false);
      return { ok: false, reason };
    } finally {
      setBusy(false);
    }
  }, []);

  return { permission, geocode, busy, locate };
}
