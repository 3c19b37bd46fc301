import geoip from 'geoip-country';

/** Country (ISO 3166-1 alpha-2) of an IP address from the offline database, or null. */
export function lookupCountry(ip: string | undefined): string | null {
  if (!ip) return null;
  const normalized = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return geoip.lookup(normalized)?.country ?? null;
}
