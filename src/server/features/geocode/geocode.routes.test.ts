import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { warmGeoIndex } from './geocode.service.ts';

const { app } = await createTestApp();
// Built once here, so the first test's timing is not the index's.
warmGeoIndex();

let ipCounter = 0;
/** Every request from its own address, so the per-IP limit only shows where a test wants it. */
const ip = () => {
  ipCounter += 1;
  return `10.4.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};
const geocode = (query: string, remoteAddress = ip()) =>
  app.inject({ url: `/api/geocode.php?${query}`, remoteAddress });
const cities = async (query: string) => {
  const res = await app.inject({ url: `/api/cities.php?${query}`, remoteAddress: ip() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().cities as { name: string; region: string | null }[];
};

describe('GET /api/geocode.php', () => {
  // City centres; each answer's region must be a code GET /api/regions.php offers.
  const places: [string, number, number, string, string, string][] = [
    ['Amsterdam', 52.3731, 4.8922, 'Amsterdam', 'NL', 'NL-NH'],
    ['Utrecht', 52.0907, 5.1214, 'Utrecht', 'NL', 'NL-UT'],
    ['Antwerpen', 51.2194, 4.4025, 'Antwerpen', 'BE', 'BE-VAN'],
    ['Leuven', 50.8798, 4.7005, 'Leuven', 'BE', 'BE-VBR'],
    ['München', 48.1374, 11.5755, 'München', 'DE', 'DE-BY'],
    ['Wien', 48.2082, 16.3738, 'Wien', 'AT', 'AT-9'],
    ['Zürich', 47.3769, 8.5417, 'Zürich', 'CH', 'CH-ZH'],
    ['Madrid', 40.4168, -3.7038, 'Madrid', 'ES', 'ES-MD'],
    ['Paris', 48.8566, 2.3522, 'Paris', 'FR', 'FR-IDF'],
    ['Roma', 41.9028, 12.4964, 'Roma', 'IT', 'IT-62'],
    ['Warszawa', 52.2297, 21.0122, 'Warszawa', 'PL', 'PL-14'],
    ['Toronto', 43.6532, -79.3832, 'Toronto', 'CA', 'CA-ON'],
    ['Sydney', -33.8688, 151.2093, 'Sydney', 'AU', 'AU-NSW'],
    ['Auckland', -36.8485, 174.7633, 'Auckland', 'NZ', 'NZ-AUK'],
    ['Dublin', 53.3498, -6.2603, 'Dublin', 'IE', 'IE-D'],
    ['Cork', 51.8985, -8.4756, 'Cork', 'IE', 'IE-CO'],
    ['London', 51.5074, -0.1278, 'London', 'GB', 'GB-ENG'],
    ['Edinburgh', 55.9533, -3.1883, 'Edinburgh', 'GB', 'GB-SCT'],
    ['Seattle', 47.6062, -122.3321, 'Seattle', 'US', 'US-WA'],
  ];
  it.each(places)('%s → city, ISO region and country', async (_label, lat, lon, city, country, region) => {
    const res = await geocode(`lat=${lat}&lon=${lon}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ city, country, region, supported: true });
    expect(body.distance_km).toBeLessThan(10);
    const regions = (await app.inject({ url: `/api/regions.php?country=${country}` })).json().regions;
    expect(regions[country].map((r: { code: string }) => r.code)).toContain(region);
  });

  it('answers the city, not one of its districts or a smaller neighbour, inside a big city', async () => {
    const east = (await geocode('lat=52.36&lon=4.94')).json();
    expect(east).toMatchObject({ city: 'Amsterdam', region: 'NL-NH' });
    // ... but the neighbouring town where one is in it.
    expect((await geocode('lat=52.339&lon=4.962')).json().city).toBe('Diemen');
  });

  it('answers a place outside the served countries as not supported, without a region', async () => {
    const res = await geocode('lat=49.6116&lon=6.1319');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Luxembourg', country: 'LU', region: null, supported: false });
  });

  it("counts France's overseas regions as France", async () => {
    expect((await geocode('lat=-20.8823&lon=55.4504')).json()).toMatchObject({
      city: 'Saint-Denis',
      country: 'FR',
      region: 'FR-974',
      supported: true,
    });
  });

  it('leaves the region empty where GeoNames does not tell it (Brussels is no province)', async () => {
    expect((await geocode('lat=50.8466&lon=4.3528')).json()).toMatchObject({
      city: 'Brussels',
      country: 'BE',
      region: null,
      supported: true,
    });
  });

  it('answers geocode_failed at open sea', async () => {
    for (const query of ['lat=54.5&lon=3.5', 'lat=0&lon=-30', 'lat=-90&lon=0']) {
      const res = await geocode(query);
      expect(res.statusCode, query).toBe(404);
      expect(res.json().error.code).toBe('geocode_failed');
    }
  });

  it('refuses positions that are no positions', async () => {
    for (const query of ['lat=91&lon=0', 'lat=0&lon=-180.5', 'lat=abc&lon=4', 'lat=52', '']) {
      const res = await geocode(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('limits lookups per address', async () => {
    const address = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await geocode('lat=52.37&lon=4.89', address)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('GET /api/cities.php', () => {
  it('finds names by their start whatever the accents, case and punctuation', async () => {
    expect((await cities('country=CH&q=zur'))[0]).toEqual({ name: 'Zürich', region: 'CH-ZH' });
    expect((await cities('country=CH&q=Z%C3%9CR'))[0]?.name).toBe('Zürich');
    expect((await cities('country=PL&q=lodz'))[0]).toEqual({ name: 'Łódź', region: 'PL-10' });
    for (const q of ["'s-Hert", 's-hert', "'s%20Hert", 'hertogenb']) {
      expect(
        (await cities(`country=NL&q=${q}`)).map((c) => c.name),
        q,
      ).toContain("'s-Hertogenbosch");
    }
  });

  it('finds the local name and GeoNames own name of a city', async () => {
    expect((await cities('country=DE&q=m%C3%BCnchen'))[0]).toEqual({ name: 'München', region: 'DE-BY' });
    expect((await cities('country=DE&q=munich'))[0]?.name).toBe('München');
    expect((await cities('country=ES&q=vitoria'))[0]?.name).toBe('Gasteiz / Vitoria');
  });

  it('lists at most 10, biggest first, without districts', async () => {
    const found = await cities('country=NL&q=a');
    expect(found).toHaveLength(10);
    expect(found.slice(0, 2).map((c) => c.name)).toEqual(['Amsterdam', 'Almere Stad']);
    expect(found.map((c) => c.name)).not.toContain('Amsterdam-Zuidoost');
  });

  it('keeps to the country and, when given, the region', async () => {
    const inUtrecht = await cities('country=NL&region=NL-UT&q=a');
    expect(inUtrecht.length).toBeGreaterThan(0);
    expect(inUtrecht.every((c) => c.region === 'NL-UT')).toBe(true);
    expect(inUtrecht[0]?.name).toBe('Amersfoort');
    expect(await cities('country=BE&q=ant')).toContainEqual({ name: 'Antwerpen', region: 'BE-VAN' });
    expect(await cities('country=NL&q=antwerp')).toEqual([]);
    expect(await cities('country=NL&region=BE-VAN&q=a')).toEqual([]);
  });

  it('refuses a country the site does not serve and an empty search', async () => {
    for (const query of ['country=LU&q=lux', 'country=NL&q=', 'country=NL&q=%20%20', 'q=ams']) {
      const res = await app.inject({ url: `/api/cities.php?${query}`, remoteAddress: ip() });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('answers nothing for a search of punctuation only', async () => {
    expect(await cities("country=NL&q='-")).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the calls', async () => {
    const paths = (await app.inject({ url: '/api/openapi.json' })).json().paths;
    expect(paths['/api/geocode.php'].get).toBeDefined();
    expect(paths['/api/cities.php'].get).toBeDefined();
    expect(paths['/api/profile.php'].put.requestBody).toBeDefined();
  });
});
