import { iso31662 } from 'iso-3166';
import type { Country } from '../../../shared/limits.ts';

export type Region = { code: string; name: string };

type RegionSource = {
  /** The country's main language: lists are sorted the way its people expect. */
  locale: string;
  /** Which ISO 3166-2 entries form the level members recognise as "their region". */
  pick: (entry: { code: string; parent: string }) => boolean;
  /** Local names where the package's name is not what people in the country use. */
  names?: Record<string, string>;
};

const topLevel = (country: string) => (entry: { parent: string }) => entry.parent === country;
const only = (codes: readonly string[]) => {
  const wanted = new Set(codes);
  return (entry: { code: string }) => wanted.has(entry.code);
};
const except = (country: string, codes: readonly string[]) => {
  const unwanted = new Set(codes);
  return (entry: { code: string; parent: string }) => entry.parent === country && !unwanted.has(entry.code);
};

const SOURCES: Record<Country, RegionSource> = {
  // The Caribbean parts are separate countries or special municipalities, not provinces.
  NL: { locale: 'nl', pick: except('NL', ['NL-AW', 'NL-BQ1', 'NL-BQ2', 'NL-BQ3', 'NL-CW', 'NL-SX']) },
  // ISO lists the 3 regions beside the 10 provinces; people name their province.
  BE: { locale: 'nl-BE', pick: except('BE', ['BE-BRU', 'BE-VLG', 'BE-WAL']) },
  // ISO 3166-2:GB is a flat list of 224 entries without parent links: nations, "Great Britain", London
  // boroughs, metropolitan districts and unitary authorities side by side. It has no code for Greater
  // London, Greater Manchester or the West Midlands, so no county-sized level covers the whole country
  // cleanly. The 4 nations are the one complete level with real codes; a finer picker would need codes
  // of our own.
  GB: { locale: 'en-GB', pick: only(['GB-ENG', 'GB-NIR', 'GB-SCT', 'GB-WLS']) },
  // Counties hang under the 4 provinces; provinces are too coarse to place someone.
  IE: { locale: 'en-IE', pick: (entry) => ['IE-C', 'IE-L', 'IE-M', 'IE-U'].includes(entry.parent) },
  DE: { locale: 'de', pick: topLevel('DE') },
  AT: { locale: 'de-AT', pick: topLevel('AT') },
  // Top level holds the 20 regioni; provinces hang below them.
  IT: {
    locale: 'it',
    pick: topLevel('IT'),
    names: { 'IT-23': "Valle d'Aosta", 'IT-32': 'Trentino-Alto Adige' },
  },
  // The 13 metropolitan regions and the 5 overseas regions sit at the same level; the overseas
  // collectivities (Saint-Martin, Polynésie ...) have their own status and are left out.
  FR: {
    locale: 'fr',
    pick: except('FR', ['FR-BL', 'FR-CP', 'FR-MF', 'FR-NC', 'FR-PF', 'FR-PM', 'FR-TF', 'FR-WF']),
    names: {
      'FR-973': 'Guyane',
      'FR-PAC': "Provence-Alpes-Côte d'Azur",
      'FR-PDL': 'Pays de la Loire',
    },
  },
  CH: { locale: 'de-CH', pick: topLevel('CH'), names: { 'CH-SG': 'St. Gallen' } },
  // Comunidades autónomas and the 2 autonomous cities; provinces hang below them. Names in the
  // Spanish form most people use, except Illes Balears which is official in Spanish too.
  ES: {
    locale: 'es',
    pick: topLevel('ES'),
    names: {
      'ES-AS': 'Asturias',
      'ES-CT': 'Cataluña',
      'ES-MC': 'Región de Murcia',
      'ES-MD': 'Comunidad de Madrid',
      'ES-NC': 'Navarra',
      'ES-VC': 'Comunidad Valenciana',
    },
  },
  // 50 states and DC; the outlying territories have their own country codes in practice.
  US: { locale: 'en-US', pick: except('US', ['US-AS', 'US-GU', 'US-MP', 'US-PR', 'US-UM', 'US-VI']) },
  CA: { locale: 'en-CA', pick: topLevel('CA'), names: { 'CA-QC': 'Québec' } },
  AU: { locale: 'en-AU', pick: topLevel('AU') },
  // The Chatham Islands are a territory outside the 16 regions.
  NZ: { locale: 'en-NZ', pick: except('NZ', ['NZ-CIT']), names: { 'NZ-WGN': 'Wellington' } },
  PL: { locale: 'pl', pick: topLevel('PL') },
};

function buildRegions(country: Country, source: RegionSource): readonly Region[] {
  const collator = new Intl.Collator(source.locale);
  return Object.freeze(
    iso31662
      .filter((entry) => entry.code.startsWith(`${country}-`) && source.pick(entry))
      .map((entry) => Object.freeze({ code: entry.code, name: source.names?.[entry.code] ?? entry.name }))
      .sort((a, b) => collator.compare(a.name, b.name)),
  );
}

/** Regions members pick from, per country: ISO 3166-2 codes with the names used locally. */
export const REGIONS = Object.fromEntries(
  (Object.entries(SOURCES) as [Country, RegionSource][]).map(([country, source]) => [
    country,
    buildRegions(country, source),
  ]),
) as Record<Country, readonly Region[]>;
