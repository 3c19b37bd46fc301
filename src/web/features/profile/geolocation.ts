import type { GeocodeResponse } from '../../../shared/contracts/profile.ts';
import { LIMITS } from '../../../shared/limits.ts';

/** The spec's geolocation permission states. */
export type GeoPermission = 'granted' | 'denied' | 'prompt' | 'unsupported' | 'unknown';

type GeoNavigator = {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'>;
  permissions?: Pick<Permissions, 'query'>;
};

/**
 * The permission as far as the browser tells it: 'unsupported' without geolocation, 'unknown'
 * where the Permissions API is missing or refuses the query (Safari before 16), and otherwise
 * whatever it reports. `onChange` hears later changes (the member answering the prompt).
 */
export async function readGeoPermission(
  nav: GeoNavigator | undefined,
  onChange?: (state: GeoPermission) => void,
): Promise<GeoPermission> {
  if (!nav?.geolocation) return 'unsupported';
  if (!nav.permissions?.query) return 'unknown';
  try {
    const status = await nav.permissions.query({ name: 'geolocation' });
    if (onChange) status.onchange = () => onChange(toPermission(status.state));
    return toPermission(status.state);
  } catch {
    return 'unknown';
  }
}

function toPermission(state: string): GeoPermission {
  return state === 'granted' || state === 'denied' || state === 'prompt' ? state : 'unknown';
}

/** The browser's position, with a fix up to an hour old accepted (LIMITS.geolocationMaximumAgeMs). */
export function currentPosition(
  nav: GeoNavigator | undefined,
  timeoutMs = 20_000,
): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!nav?.geolocation) {
      reject(new GeoError('unsupported'));
      return;
    }
    nav.geolocation.getCurrentPosition(
      resolve,
      (error) => reject(new GeoError(error.code === 1 ? 'denied' : 'unavailable')),
      { maximumAge: LIMITS.geolocationMaximumAgeMs, timeout: timeoutMs, enableHighAccuracy: false },
    );
  });
}

export class GeoError extends Error {
  readonly reason: 'unsupported' | 'denied' | 'unavailable';
  constructor(reason: 'unsupported' | 'denied' | 'unavailable') {
    super(reason);
    this.reason = reason;
  }
}

/** The spec's `geocode` state: the last answer of /api/geocode.php, false after a failure, null before any. */
export type StoredGeocode = GeocodeResponse | false | null;

const GEOCODE_KEY = 'geocode';

export function readStoredGeocode(
  storage: Pick<Storage, 'getItem'> | undefined = sessionStore(),
): StoredGeocode {
  const raw = storage?.getItem(GEOCODE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value === false) return false;
    return value && typeof value === 'object' && 'city' in value ? (value as GeocodeResponse) : null;
  } catch {
    return null;
  }
}

export function storeGeocode(
  value: GeocodeResponse | false,
  storage: Pick<Storage, 'setItem'> | undefined = sessionStore(),
) {
  try {
    storage?.setItem(GEOCODE_KEY, JSON.stringify(value));
  } catch {
    // A full or blocked storage only means the next visit asks again.
  }
}

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
