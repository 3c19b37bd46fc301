import { TRAFFIC_SOURCE_PARAMS } from '../../shared/limits.ts';

export type TrafficSource = Partial<Record<(typeof TRAFFIC_SOURCE_PARAMS)[number], string>>;
type TrackingRecord = {
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
};

const MAX_VALUE_LENGTH = 200;

/** Picks the traffic-source parameters out of a query; undefined when there are none. */
export function trafficSourceFromQuery(query: Record<string, unknown>): TrafficSource | undefined {
  const found: TrafficSource = {};
  for (const key of TRAFFIC_SOURCE_PARAMS) {
    const raw = query[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && value.trim() !== '')
      found[key] = value.trim().slice(0, MAX_VALUE_LENGTH);
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

export function parseTrafficSourceCookie(value: string | undefined): TrafficSource | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object'
      ? trafficSourceFromQuery(parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The tracking record stored with a new account: affiliate networks name the sub ids differently. */
export function toTrackingRecord(source: TrafficSource): TrackingRecord {
  return {
    network: source.network ?? null,
    ref: source.ref ?? null,
    sub1: source.sub1 ?? source.sub ?? source.aff_sub ?? source.aff_sub1 ?? null,
    sub2: source.sub2 ?? source.aff_sub2 ?? source.cpc ?? null,
    sub3: source.sub3 ?? source.aff_sub3 ?? null,
  };
}

/** The same URL without traffic-source parameters, or undefined when it had none. */
export function stripTrafficSourceParams(url: string): string | undefined {
  const parsed = new URL(url, 'http://x');
  let changed = false;
  for (const key of TRAFFIC_SOURCE_PARAMS) {
    if (parsed.searchParams.has(key)) {
      parsed.searchParams.delete(key);
      changed = true;
    }
  }
  if (!changed) return undefined;
  const search = parsed.searchParams.toString();
  return `${parsed.pathname}${search ? `?${search}` : ''}${parsed.hash}`;
}
