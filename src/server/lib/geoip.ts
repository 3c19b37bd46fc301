import geoip from 'geoip-country';

const MAX_REMEMBERED = 10_000;
const remembered = new Map<string, string | null>();

/**
 * Country (ISO 3166-1 alpha-2) of an IP address from the offline database, or null. Every request
 * asks (settings depend on the country) and a visitor sends many: answers are remembered per
 * address (bounded; cleared when full, a lookup is cheap to redo).
 */
export function lookupCountry(ip: string | undefined): string | null {
  if (!ip) return null;
  const known = remembered.get(ip);
  if (known !== undefined) return known;
  const normalized = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const country = geoip.lookup(normalized)?.country ?? null;
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(ip, country);
  return country;
}
