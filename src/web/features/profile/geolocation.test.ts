import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import {
  currentPosition,
  GeoError,
  readGeoPermission,
  readStoredGeocode,
  storeGeocode,
} from './geolocation.ts';

const geolocation = (impl: Geolocation['getCurrentPosition']) => ({ getCurrentPosition: impl });

describe('readGeoPermission', () => {
  it('is unsupported without geolocation and unknown without the Permissions API', async () => {
    expect(await readGeoPermission(undefined)).toBe('unsupported');
    expect(await readGeoPermission({})).toBe('unsupported');
    expect(await readGeoPermission({ geolocation: geolocation(vi.fn()) })).toBe('unknown');
  });
  it('reports the state and its later changes', async () => {
    const status = { state: 'prompt', onchange: null as null | (() => void) };
    const onChange = vi.fn();
    const nav = {
      geolocation: geolocation(vi.fn()),
      permissions: { query: vi.fn(async () => status as unknown as PermissionStatus) },
    };
    expect(await readGeoPermission(nav, onChange)).toBe('prompt');
    status.state = 'granted';
    status.onchange?.();
    expect(onChange).toHaveBeenCalledWith('granted');
  });
  it('is unknown when the query is refused', async () => {
    const nav = {
      geolocation: geolocation(vi.fn()),
      permissions: { query: vi.fn(async () => Promise.reject(new TypeError('geolocation'))) },
    };
    expect(await readGeoPermission(nav)).toBe('unknown');
  });
});

describe('currentPosition', () => {
  it('accepts a fix up to an hour old', async () => {
    const position = { coords: { latitude: 52.09, longitude: 5.12 } } as GeolocationPosition;
    const get = vi.fn(
      (ok: PositionCallback, _error?: PositionErrorCallback | null, _options?: PositionOptions) =>
        ok(position),
    );
    await expect(currentPosition({ geolocation: geolocation(get) })).resolves.toBe(position);
    expect(get.mock.calls[0]?.[2]).toMatchObject({ maximumAge: LIMITS.geolocationMaximumAgeMs });
  });
  it('tells a refusal from other failures', async () => {
    const fail = (code: number) => geolocation((_ok, error) => error?.({ code } as GeolocationPositionError));
    await expect(currentPosition({ geolocation: fail(1) })).rejects.toMatchObject({ reason: 'denied' });
    await expect(currentPosition({ geolocation: fail(3) })).rejects.toMatchObject({ reason: 'unavailable' });
    await expect(currentPosition({})).rejects.toBeInstanceOf(GeoError);
  });
});

describe('stored geocode', () => {
  it('keeps the last answer, or false after a failure', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(readStoredGeocode(storage)).toBeNull();
    const found = { city: 'Utrecht', region: 'NL-UT', country: 'NL', supported: true, distance_km: 1.2 };
    storeGeocode(found, storage);
    expect(readStoredGeocode(storage)).toEqual(found);
    storeGeocode(false, storage);
    expect(readStoredGeocode(storage)).toBe(false);
    store.set('geocode', '{broken');
    expect(readStoredGeocode(storage)).toBeNull();
  });
});
