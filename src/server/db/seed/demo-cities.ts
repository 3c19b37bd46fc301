import type { Country } from '../../../shared/limits.ts';
import type { NameLocale } from './demo-names.ts';

export type Language = 'nl' | 'de' | 'en' | 'es' | 'fr' | 'it' | 'pl';

export type DemoCity = {
  name: string;
  /** ISO 3166-2 code at the level of REGIONS[country] (regions.data.ts). */
  region: string;
  /** Set where the city's language differs from the country's (Wallonia, Romandy, Ticino, Québec). */
  language?: Language;
  names?: NameLocale;
};

type CountryInfo = {
  language: Language;
  names: NameLocale;
  /** Relative share of the demo members; the home market gets the most. */
  weight: number;
  /** Roughly by size: earlier cities get more members. */
  cities: readonly DemoCity[];
};

export const DEMO_COUNTRIES: Record<Country, CountryInfo> = {
  NL: {
    language: 'nl',
    names: 'nl',
    weight: 20,
    cities: [
      { name: 'Amsterdam', region: 'NL-NH' },
      { name: 'Rotterdam', region: 'NL-ZH' },
      { name: 'Utrecht', region: 'NL-UT' },
      { name: 'Den Haag', region: 'NL-ZH' },
      { name: 'Eindhoven', region: 'NL-NB' },
      { name: 'Groningen', region: 'NL-GR' },
      { name: 'Nijmegen', region: 'NL-GE' },
      { name: 'Haarlem', region: 'NL-NH' },
      { name: 'Zwolle', region: 'NL-OV' },
      { name: 'Maastricht', region: 'NL-LI' },
    ],
  },
  BE: {
    language: 'nl',
    names: 'nl',
    weight: 12,
    cities: [
      { name: 'Antwerpen', region: 'BE-VAN' },
      { name: 'Gent', region: 'BE-VOV' },
      { name: 'Liège', region: 'BE-WLG', language: 'fr', names: 'fr' },
      { name: 'Brugge', region: 'BE-VWV' },
      { name: 'Leuven', region: 'BE-VBR' },
      { name: 'Charleroi', region: 'BE-WHT', language: 'fr', names: 'fr' },
      { name: 'Namur', region: 'BE-WNA', language: 'fr', names: 'fr' },
      { name: 'Hasselt', region: 'BE-VLI' },
      { name: 'Wavre', region: 'BE-WBR', language: 'fr', names: 'fr' },
      { name: 'Arlon', region: 'BE-WLX', language: 'fr', names: 'fr' },
    ],
  },
  DE: {
    language: 'de',
    names: 'de',
    weight: 12,
    cities: [
      { name: 'Berlin', region: 'DE-BE' },
      { name: 'Hamburg', region: 'DE-HH' },
      { name: 'München', region: 'DE-BY' },
      { name: 'Köln', region: 'DE-NW' },
      { name: 'Frankfurt am Main', region: 'DE-HE' },
      { name: 'Stuttgart', region: 'DE-BW' },
      { name: 'Düsseldorf', region: 'DE-NW' },
      { name: 'Leipzig', region: 'DE-SN' },
      { name: 'Hannover', region: 'DE-NI' },
      { name: 'Bremen', region: 'DE-HB' },
    ],
  },
  GB: {
    language: 'en',
    names: 'en',
    weight: 6,
    cities: [
      { name: 'London', region: 'GB-ENG' },
      { name: 'Manchester', region: 'GB-ENG' },
      { name: 'Bristol', region: 'GB-ENG' },
      { name: 'Edinburgh', region: 'GB-SCT' },
      { name: 'Leeds', region: 'GB-ENG' },
      { name: 'Glasgow', region: 'GB-SCT' },
      { name: 'Cardiff', region: 'GB-WLS' },
      { name: 'Brighton', region: 'GB-ENG' },
      { name: 'Belfast', region: 'GB-NIR' },
      { name: 'Swansea', region: 'GB-WLS' },
    ],
  },
  IE: {
    language: 'en',
    names: 'en-IE',
    weight: 3,
    cities: [
      { name: 'Dublin', region: 'IE-D' },
      { name: 'Cork', region: 'IE-CO' },
      { name: 'Galway', region: 'IE-G' },
      { name: 'Limerick', region: 'IE-LK' },
      { name: 'Waterford', region: 'IE-WD' },
      { name: 'Kilkenny', region: 'IE-KK' },
      { name: 'Sligo', region: 'IE-SO' },
      { name: 'Drogheda', region: 'IE-LH' },
    ],
  },
  AT: {
    language: 'de',
    names: 'de',
    weight: 4,
    cities: [
      { name: 'Wien', region: 'AT-9' },
      { name: 'Graz', region: 'AT-6' },
      { name: 'Linz', region: 'AT-4' },
      { name: 'Salzburg', region: 'AT-5' },
      { name: 'Innsbruck', region: 'AT-7' },
      { name: 'Klagenfurt', region: 'AT-2' },
      { name: 'St. Pölten', region: 'AT-3' },
      { name: 'Bregenz', region: 'AT-8' },
      { name: 'Eisenstadt', region: 'AT-1' },
    ],
  },
  IT: {
    language: 'it',
    names: 'it',
    weight: 5,
    cities: [
      { name: 'Roma', region: 'IT-62' },
      { name: 'Milano', region: 'IT-25' },
      { name: 'Napoli', region: 'IT-72' },
      { name: 'Torino', region: 'IT-21' },
      { name: 'Bologna', region: 'IT-45' },
      { name: 'Firenze', region: 'IT-52' },
      { name: 'Palermo', region: 'IT-82' },
      { name: 'Venezia', region: 'IT-34' },
      { name: 'Genova', region: 'IT-42' },
      { name: 'Bari', region: 'IT-75' },
    ],
  },
  FR: {
    language: 'fr',
    names: 'fr',
    weight: 6,
    cities: [
      { name: 'Paris', region: 'FR-IDF' },
      { name: 'Lyon', region: 'FR-ARA' },
      { name: 'Marseille', region: 'FR-PAC' },
      { name: 'Toulouse', region: 'FR-OCC' },
      { name: 'Bordeaux', region: 'FR-NAQ' },
      { name: 'Lille', region: 'FR-HDF' },
      { name: 'Nantes', region: 'FR-PDL' },
      { name: 'Strasbourg', region: 'FR-GES' },
      { name: 'Nice', region: 'FR-PAC' },
      { name: 'Rennes', region: 'FR-BRE' },
    ],
  },
  CH: {
    language: 'de',
    names: 'de',
    weight: 4,
    cities: [
      { name: 'Zürich', region: 'CH-ZH' },
      { name: 'Genève', region: 'CH-GE', language: 'fr', names: 'fr' },
      { name: 'Basel', region: 'CH-BS' },
      { name: 'Bern', region: 'CH-BE' },
      { name: 'Lausanne', region: 'CH-VD', language: 'fr', names: 'fr' },
      { name: 'Luzern', region: 'CH-LU' },
      { name: 'Winterthur', region: 'CH-ZH' },
      { name: 'St. Gallen', region: 'CH-SG' },
      { name: 'Lugano', region: 'CH-TI', language: 'it', names: 'it' },
    ],
  },
  ES: {
    language: 'es',
    names: 'es',
    weight: 5,
    cities: [
      { name: 'Madrid', region: 'ES-MD' },
      { name: 'Barcelona', region: 'ES-CT' },
      { name: 'Valencia', region: 'ES-VC' },
      { name: 'Sevilla', region: 'ES-AN' },
      { name: 'Málaga', region: 'ES-AN' },
      { name: 'Bilbao', region: 'ES-PV' },
      { name: 'Zaragoza', region: 'ES-AR' },
      { name: 'Palma', region: 'ES-IB' },
      { name: 'Granada', region: 'ES-AN' },
      { name: 'Alicante', region: 'ES-VC' },
    ],
  },
  US: {
    language: 'en',
    names: 'en',
    weight: 6,
    cities: [
      { name: 'New York', region: 'US-NY' },
      { name: 'Los Angeles', region: 'US-CA' },
      { name: 'Chicago', region: 'US-IL' },
      { name: 'Houston', region: 'US-TX' },
      { name: 'Seattle', region: 'US-WA' },
      { name: 'Boston', region: 'US-MA' },
      { name: 'Denver', region: 'US-CO' },
      { name: 'Miami', region: 'US-FL' },
      { name: 'Austin', region: 'US-TX' },
      { name: 'Portland', region: 'US-OR' },
    ],
  },
  CA: {
    language: 'en',
    names: 'en',
    weight: 4,
    cities: [
      { name: 'Toronto', region: 'CA-ON' },
      { name: 'Montréal', region: 'CA-QC', language: 'fr', names: 'fr' },
      { name: 'Vancouver', region: 'CA-BC' },
      { name: 'Calgary', region: 'CA-AB' },
      { name: 'Ottawa', region: 'CA-ON' },
      { name: 'Edmonton', region: 'CA-AB' },
      { name: 'Winnipeg', region: 'CA-MB' },
      { name: 'Halifax', region: 'CA-NS' },
      { name: 'Victoria', region: 'CA-BC' },
    ],
  },
  AU: {
    language: 'en',
    names: 'en',
    weight: 4,
    cities: [
      { name: 'Sydney', region: 'AU-NSW' },
      { name: 'Melbourne', region: 'AU-VIC' },
      { name: 'Brisbane', region: 'AU-QLD' },
      { name: 'Perth', region: 'AU-WA' },
      { name: 'Adelaide', region: 'AU-SA' },
      { name: 'Gold Coast', region: 'AU-QLD' },
      { name: 'Canberra', region: 'AU-ACT' },
      { name: 'Hobart', region: 'AU-TAS' },
      { name: 'Darwin', region: 'AU-NT' },
    ],
  },
  NZ: {
    language: 'en',
    names: 'en',
    weight: 3,
    cities: [
      { name: 'Auckland', region: 'NZ-AUK' },
      { name: 'Wellington', region: 'NZ-WGN' },
      { name: 'Christchurch', region: 'NZ-CAN' },
      { name: 'Hamilton', region: 'NZ-WKO' },
      { name: 'Tauranga', region: 'NZ-BOP' },
      { name: 'Dunedin', region: 'NZ-OTA' },
      { name: 'Napier', region: 'NZ-HKB' },
      { name: 'Nelson', region: 'NZ-NSN' },
    ],
  },
  PL: {
    language: 'pl',
    names: 'pl',
    weight: 5,
    cities: [
      { name: 'Warszawa', region: 'PL-14' },
      { name: 'Kraków', region: 'PL-12' },
      { name: 'Wrocław', region: 'PL-02' },
      { name: 'Łódź', region: 'PL-10' },
      { name: 'Poznań', region: 'PL-30' },
      { name: 'Gdańsk', region: 'PL-22' },
      { name: 'Szczecin', region: 'PL-32' },
      { name: 'Lublin', region: 'PL-06' },
      { name: 'Katowice', region: 'PL-24' },
      { name: 'Białystok', region: 'PL-20' },
    ],
  },
};
