import { COUNTRIES, type Country } from '../../../shared/limits.ts';
import { AppError } from '../../plugins/errors.ts';
import { REGIONS, type Region } from './regions.data.ts';

// The lists never change while the process runs, so every answer is built once and shared.
const ALL: { regions: Record<string, Region[]> } = {
  regions: Object.fromEntries(COUNTRIES.map((country) => [country, [...REGIONS[country]]])),
};
const BY_COUNTRY = new Map<string, { regions: Record<string, Region[]> }>(
  COUNTRIES.map((country) => [country, { regions: { [country]: [...REGIONS[country]] } }]),
);

const isCountry = (code: string): code is Country => BY_COUNTRY.has(code);

/** Whether `region` is one of the country's region codes (a form may only offer those). */
export function isRegionOf(country: string, region: string): boolean {
  return BY_COUNTRY.get(country)?.regions[country]?.some((r) => r.code === region) ?? false;
}

/** A country's regions (any case); none for a country the site does not list. */
export function regionsOf(country: string): Region[] {
  return BY_COUNTRY.get(country.toUpperCase())?.regions[country.toUpperCase()] ?? [];
}

/** Regions of every supported country, or of one when a country code is given (any case). */
export function listRegions(country?: string): { regions: Record<string, Region[]> } {
  if (country === undefined) return ALL;
  const code = country.toUpperCase();
  if (!isCountry(code)) throw new AppError('not_found', 404, 'Unknown country');
  return BY_COUNTRY.get(code)!;
}
