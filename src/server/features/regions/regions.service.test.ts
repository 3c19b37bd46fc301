import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/limits.ts';
import { listRegions, regionsOf } from './regions.service.ts';

const namesOf = (country: string) =>
  (listRegions(country).regions[country] ?? []).map((region) => region.name);

describe('listRegions', () => {
  it('gives every supported country its regions', () => {
    const { regions } = listRegions();
    expect(Object.keys(regions).sort()).toEqual([...COUNTRIES].sort());
    for (const country of COUNTRIES) expect(regions[country]?.length, country).toBeGreaterThan(0);
  });

  it.each([
    ['BE', 10, ['Vlaams-Brabant', 'Liège']],
    ['NL', 12, ['Fryslân', 'Noord-Holland']],
    ['DE', 16, ['Bayern']],
    ['AT', 9, ['Wien']],
    ['CH', 26, ['Genève', 'Zürich']],
    ['IT', 20, ['Lombardia']],
    ['PL', 16, ['Mazowieckie']],
    ['US', 51, ['District of Columbia']],
    ['CA', 13, ['Québec']],
    ['AU', 8, ['New South Wales']],
    ['NZ', 16, ['Auckland', 'Wellington']],
    ['IE', 26, ['Dublin']],
    ['FR', 18, ['Île-de-France', 'Corse']],
    ['ES', 19, ['Andalucía', 'Comunidad de Madrid', 'Ceuta']],
    ['GB', 4, ['England', 'Scotland']],
  ] as const)('lists %s with %i regions in local names', (country, count, expected) => {
    const names = namesOf(country);
    expect(names).toHaveLength(count);
    expect(names).toEqual(expect.arrayContaining([...expected]));
  });

  it('keeps ISO codes unique and within their country', () => {
    const { regions } = listRegions();
    for (const [country, list] of Object.entries(regions)) {
      const codes = list.map((region) => region.code);
      expect(new Set(codes).size, country).toBe(codes.length);
      for (const code of codes) expect(code.startsWith(`${country}-`), code).toBe(true);
    }
  });

  it('sorts each list in the order of the country language', () => {
    expect(namesOf('FR').indexOf('Île-de-France')).toBeLessThan(namesOf('FR').indexOf('La Réunion'));
    expect(namesOf('PL').indexOf('Łódzkie')).toBe(namesOf('PL').indexOf('Lubuskie') + 1);
  });

  it('accepts a country code in any case', () => {
    expect(Object.keys(listRegions('be').regions)).toEqual(['BE']);
  });

  it('refuses an unknown country', () => {
    expect(() => listRegions('XX')).toThrow(expect.objectContaining({ code: 'not_found', statusCode: 404 }));
  });
});

describe('regionsOf', () => {
  it('is the list GET /api/regions.php gives a country, in any case, and none for an unknown one', () => {
    expect(regionsOf('nl')).toEqual(listRegions('NL').regions.NL);
    expect(regionsOf('XX')).toEqual([]);
  });
});
