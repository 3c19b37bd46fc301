import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/limits.ts';
import { listRegions } from '../regions/regions.service.ts';
import { loadCities } from './cities.data.ts';
import { FRENCH_OVERSEAS_REGIONS, GEONAMES_ADMIN1, regionOfPlace } from './geonames-regions.ts';

const regionCodes = (country: string) => new Set(listRegions(country).regions[country]?.map((r) => r.code));

describe('GeoNames admin1 → ISO 3166-2', () => {
  it('maps only onto regions GET /api/regions.php offers, and onto all of them', () => {
    for (const [country, table] of Object.entries(GEONAMES_ADMIN1)) {
      const offered = regionCodes(country);
      const mapped = new Set(Object.values(table).map((code) => `${country}-${code}`));
      if (country === 'FR') for (const code of Object.values(FRENCH_OVERSEAS_REGIONS)) mapped.add(code);
      for (const code of mapped) expect(offered, `${country}: ${code}`).toContain(code);
      expect(mapped.size, country).toBe(offered.size);
    }
  });

  it('gives every town of the served countries a region, but for Brussels and the Chatham Islands', () => {
    const cities = loadCities();
    const missing: Record<string, string[]> = {};
    for (let id = 0; id < cities.count; id++) {
      const country = cities.countries[cities.country[id] as number] as string;
      if ((COUNTRIES as readonly string[]).includes(country) && cities.region[id] === 0) {
        missing[country] = [...(missing[country] ?? []), cities.names[id] as string];
      }
    }
    expect(missing).toEqual({ BE: ['Brussels'], NZ: [expect.any(String)] });
  });

  it('finds the Belgian province from the NIS arrondissement', () => {
    const be = (admin2: string) => regionOfPlace({ country: 'BE', admin1: 'VLG', admin2, lat: 0, lon: 0 });
    expect(be('11')).toBe('BE-VAN');
    expect(be('13')).toBe('BE-VAN');
    expect(be('23')).toBe('BE-VBR');
    expect(be('24')).toBe('BE-VBR');
    expect(be('25')).toBe('BE-WBR');
    expect(be('21')).toBeNull();
    expect(be('35')).toBe('BE-VWV');
    expect(be('44')).toBe('BE-VOV');
    expect(be('58')).toBe('BE-WHT');
    expect(be('62')).toBe('BE-WLG');
    expect(be('71')).toBe('BE-VLI');
    expect(be('84')).toBe('BE-WLX');
    expect(be('92')).toBe('BE-WNA');
  });

  it('places Irish towns in their county by the nearest county anchor of their province', () => {
    const ie = (admin1: string, lat: number, lon: number) =>
      regionOfPlace({ country: 'IE', admin1, admin2: '', lat, lon });
    expect(ie('C', 53.2724, -9.0509)).toBe('IE-G'); // Galway
    expect(ie('M', 52.6647, -8.6231)).toBe('IE-LK'); // Limerick
    expect(ie('M', 52.0599, -9.5044)).toBe('IE-KY'); // Killarney
    expect(ie('L', 53.2028, -6.0983)).toBe('IE-WW'); // Bray
    expect(ie('L', 53.7189, -6.3478)).toBe('IE-LH'); // Drogheda
    expect(ie('U', 54.9558, -7.7342)).toBe('IE-DL'); // Letterkenny
    const offered = regionCodes('IE');
    for (const [province, lat, lon] of [
      ['L', 53, -7],
      ['M', 52.3, -8.5],
      ['C', 53.8, -9],
      ['U', 54.2, -7.2],
    ] as const) {
      expect(offered).toContain(ie(province, lat, lon));
    }
  });
});
