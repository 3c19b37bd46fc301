import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';
import type { Logger } from 'pino';
import type { GeocodeResponse } from '../../../shared/contracts/profile.ts';
import { COUNTRIES } from '../../../shared/limits.ts';
import { type CityTable, loadCities } from './cities.data.ts';

/** Nothing within this distance (open sea, the poles): no city, rather than a far-away one. */
const GEOCODE_MAX_KM = 50;
/** Candidates weighed against each other (see pickCity). */
const CANDIDATES = 20;
const SUGGESTION_LIMIT = 10;

type GeoIndex = { cities: CityTable; points: KDBush };

let geoIndex: GeoIndex | undefined;

/**
 * The city table and its spatial index, built once per process: main.ts builds it before the
 * port opens; tests and scripts build it on first use.
 */
function getGeoIndex(log?: Pick<Logger, 'info'>): GeoIndex {
  if (geoIndex) return geoIndex;
  const before = process.memoryUsage();
  const started = performance.now();
  const cities = loadCities();
  const points = new KDBush(cities.count);
  for (let i = 0; i < cities.count; i++) points.add(cities.lon[i] as number, cities.lat[i] as number);
  points.finish();
  const after = process.memoryUsage();
  log?.info(
    {
      cities: cities.count,
      ms: Math.round(performance.now() - started),
      heapMb: Math.round((after.heapUsed - before.heapUsed) / 1e5) / 10,
      arrayBuffersMb: Math.round((after.arrayBuffers - before.arrayBuffers) / 1e5) / 10,
    },
    'city index built',
  );
  geoIndex = { cities, points };
  return geoIndex;
}

/** Builds the index ahead of the first request. */
export function warmGeoIndex(log?: Pick<Logger, 'info'>) {
  getGeoIndex(log);
}

/**
 * Roughly how far a place of this size reaches from its centre: area grows with population, so
 * the radius with its square root (1 km for a village, ~16 km for a city of a million).
 */
function reachKm(population: number): number {
  return Math.max(1, 0.5 * Math.sqrt(population / 1000));
}

/**
 * The nearest place is not always the one you are in: inside a big city the centre of a small
 * neighbouring town can be closer than the city's own centre. Distances are therefore measured
 * in units of each candidate's reach, and the smallest wins.
 */
function pickCity(cities: CityTable, ids: number[], lat: number, lon: number) {
  let best: { id: number; km: number } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const id of ids) {
    const km = distance(lon, lat, cities.lon[id] as number, cities.lat[id] as number);
    const score = km / reachKm(cities.population[id] as number);
    if (score < bestScore) {
      bestScore = score;
      best = { id, km };
    }
  }
  return best;
}

const SUPPORTED = new Set<string>(COUNTRIES);

/** The city at a position, its region and country; null when no place is within reach. */
export function reverseGeocode(lat: number, lon: number, log?: Pick<Logger, 'info'>): GeocodeResponse | null {
  const { cities, points } = getGeoIndex(log);
  const ids = around(points, lon, lat, CANDIDATES, GEOCODE_MAX_KM, (id) => cities.town[id] === 1);
  const best = pickCity(cities, ids, lat, lon);
  if (!best) return null;
  const country = cities.countries[cities.country[best.id] as number] as string;
  const region = cities.region[best.id] as number;
  return {
    city: cities.names[best.id] as string,
    region: region === 0 ? null : (cities.regions[region] as string),
    country,
    supported: SUPPORTED.has(country),
    distance_km: Math.round(best.km * 10) / 10,
  };
}

// ---- City suggestions ----

const FOLDED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/**
 * The form names are compared in: no accents, no case, no punctuation or spaces, so "zur" finds
 * Zürich, "lodz" Łódź and "s-hert" or "'s Hert" 's-Hertogenbosch.
 */
function normalizeCityName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Every form a member may start typing: the name, GeoNames' name where we show another, each
 * part of a bilingual name ("Biel/Bienne", "Gasteiz / Vitoria") and a Dutch name without its
 * article ("'s-Hertogenbosch" → "Hertogenbosch").
 */
function searchKeys(names: string[]): Set<string> {
  const keys = new Set<string>();
  for (const name of names) {
    for (const part of name.includes('/') ? [name, ...name.split('/')] : [name]) {
      keys.add(normalizeCityName(part));
      const withoutArticle = part.trim().replace(/^['’][st][\s-]+/i, '');
      if (withoutArticle !== part.trim()) keys.add(normalizeCityName(withoutArticle));
    }
  }
  keys.delete('');
  return keys;
}

/** One country's names, sorted, so a prefix is found by binary search instead of a scan. */
type NameIndex = { keys: string[]; ids: Uint32Array };
const nameIndexes = new Map<string, NameIndex>();

function getNameIndex(cities: CityTable, country: string): NameIndex {
  const cached = nameIndexes.get(country);
  if (cached) return cached;
  const countryId = cities.countries.indexOf(country);
  const entries: [string, number][] = [];
  for (let id = 0; id < cities.count; id++) {
    if (cities.country[id] !== countryId || cities.town[id] !== 1) continue;
    const other = cities.otherNames.get(id);
    const names = other ? [cities.names[id] as string, other] : [cities.names[id] as string];
    for (const key of searchKeys(names)) entries.push([key, id]);
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const index = { keys: entries.map((e) => e[0]), ids: Uint32Array.from(entries, (e) => e[1]) };
  nameIndexes.set(country, index);
  return index;
}

function lowerBound(keys: string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type CitySuggestion = { name: string; region: string | null };

/** Cities of a country (and region) whose name starts with what was typed, biggest first. */
export function suggestCities(
  country: string,
  region: string | undefined,
  typed: string,
  log?: Pick<Logger, 'info'>,
): CitySuggestion[] {
  const prefix = normalizeCityName(typed);
  if (!prefix) return [];
  const { cities } = getGeoIndex(log);
  const { keys, ids } = getNameIndex(cities, country);
  const regionId = region === undefined ? undefined : cities.regions.indexOf(region);
  if (regionId === -1) return [];
  const found = new Set<number>();
  for (let i = lowerBound(keys, prefix); i < keys.length && (keys[i] as string).startsWith(prefix); i++) {
    const id = ids[i] as number;
    if (regionId === undefined || cities.region[id] === regionId) found.add(id);
  }
  const ranked = [...found].sort(
    (a, b) =>
      (cities.population[b] as number) - (cities.population[a] as number) ||
      (cities.names[a] as string).localeCompare(cities.names[b] as string),
  );
  // GeoNames has a few places twice under one name (a town and a village of it): one is enough.
  const suggestions: CitySuggestion[] = [];
  const seen = new Set<string>();
  for (const id of ranked) {
    const r = cities.region[id] as number;
    const suggestion = {
      name: cities.names[id] as string,
      region: r === 0 ? null : (cities.regions[r] as string),
    };
    const key = `${suggestion.name}|${suggestion.region}`;
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push(suggestion);
    if (suggestions.length === SUGGESTION_LIMIT) break;
  }
  return suggestions;
}

// ---- Where a profile's place lies ----

export type Point = { lat: number; lon: number };

/**
 * The centre of a member's city, for distances between members: the biggest place of that name in
 * the country, in the region when one is given and has it (two towns of one name are usually in
 * different regions). Null when the table has no such place: no distance rather than a wrong one.
 */
export function locatePlace(country: string, region: string | null, city: string | null): Point | null {
  if (!city) return null;
  const key = normalizeCityName(city);
  if (!key) return null;
  const { cities } = getGeoIndex();
  const { keys, ids } = getNameIndex(cities, country);
  const regionId = region === null ? -1 : cities.regions.indexOf(region);
  let best: number | undefined;
  let bestRank = -1;
  for (let i = lowerBound(keys, key); i < keys.length && keys[i] === key; i++) {
    const id = ids[i] as number;
    // A place in the member's region outranks any other of the name; then the bigger one.
    const rank = (cities.region[id] === regionId ? 2 ** 32 : 0) + (cities.population[id] as number);
    if (rank > bestRank) {
      bestRank = rank;
      best = id;
    }
  }
  return best === undefined ? null : { lat: cities.lat[best] as number, lon: cities.lon[best] as number };
}
