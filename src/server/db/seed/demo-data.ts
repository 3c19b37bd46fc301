import { ageOn } from '../../../shared/contracts/members.ts';
import { INTEREST_KEYS, type InterestKey } from '../../../shared/interests.ts';
import { COUNTRIES, type Country } from '../../../shared/limits.ts';
import type {
  BODY_TYPES,
  EYE_COLORS,
  Gender,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  Sexuality,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '../../../shared/profile-options.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { DEMO_COUNTRIES, type DemoCity, type Language } from './demo-cities.ts';
import { FIRST_NAMES, type NameLocale, SURNAME_INITIALS, USERNAME_WORDS } from './demo-names.ts';
import { composeAboutMe, HOBBY_INTERESTS, type HobbyInterest, type PartnerKind } from './demo-texts.ts';
import { createRng, DEMO_SEED, type Rng } from './random.ts';

type HairColor = (typeof HAIR_COLORS)[number];
type EyeColor = (typeof EYE_COLORS)[number];
type BodyType = (typeof BODY_TYPES)[number];
type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
type Tattoos = (typeof TATTOO_OPTIONS)[number];
type SignupReason = (typeof SIGNUP_REASONS)[number];

type DemoPhotoSpec = { isPrivate: boolean; createdAt: Date };

export type DemoMember = {
  /** 1-based; also the number in the e-mail address. */
  index: number;
  email: string;
  username: string;
  firstName: string;
  language: Language;
  country: Country;
  region: string;
  city: string;
  gender: Gender;
  sexuality: Sexuality;
  age: number;
  birthDate: string;
  hairColor: HairColor;
  eyeColor: EyeColor;
  bodyType: BodyType;
  relationshipStatus: RelationshipStatus;
  tattoos: Tattoos;
  signupReason: SignupReason;
  aboutMe: string;
  interests: InterestKey[];
  fictional: boolean;
  paidUser: boolean;
  signupDate: Date;
  lastActiveAt: Date;
  photos: DemoPhotoSpec[];
};

export const DEFAULT_DEMO_COUNT = 320;
const DEMO_EMAIL_DOMAIN = 'demo.liefdesplein.invalid';

const SOUTHERN: readonly Country[] = ['IT', 'ES', 'FR'];

/**
 * Most members show one photo; some show a small gallery. Kept low on purpose: every photo is
 * rendered and encoded in four sizes (~150 ms of CPU), which dominates the seeding time.
 */
const PHOTO_COUNT_WEIGHTS = [
  [1, 84],
  [2, 7],
  [3, 4],
  [4, 2],
  [5, 2],
  [6, 1],
] as const;

/** Interests without a sexual meaning; the demo stays presentable on any screen. */
const EXTRA_INTERESTS: readonly InterestKey[] = [
  'relationship',
  'kissing',
  'hugging',
  'massages',
  'gym',
  'adventure',
  'party',
  'tattoos',
  'politics',
  'shopping',
  'fashion',
  'astrology',
  'bbq',
  'sushi',
  'vegetarian',
  'beer',
  'tea',
];

/** Members per country: at least `minimum` each, the rest by the countries' weights. */
function allocateCountries(count: number): Map<Country, number> {
  const minimum = Math.min(8, Math.floor(count / COUNTRIES.length));
  const allocation = new Map<Country, number>(COUNTRIES.map((c) => [c, minimum]));
  const rest = count - minimum * COUNTRIES.length;
  const totalWeight = COUNTRIES.reduce((sum, c) => sum + DEMO_COUNTRIES[c].weight, 0);
  const shares = COUNTRIES.map((c) => ({ c, exact: (rest * DEMO_COUNTRIES[c].weight) / totalWeight }));
  let assigned = 0;
  for (const { c, exact } of shares) {
    allocation.set(c, allocation.get(c)! + Math.floor(exact));
    assigned += Math.floor(exact);
  }
  // Largest remainders first; ties keep the COUNTRIES order so the result is stable.
  const byRemainder = [...shares].sort((a, b) => (b.exact % 1) - (a.exact % 1));
  for (let i = 0; assigned < rest; i++, assigned++) {
    const { c } = byRemainder[i % byRemainder.length]!;
    allocation.set(c, allocation.get(c)! + 1);
  }
  return allocation;
}

/** A shuffled list with fixed shares, so even a small demo has every sexuality in it. */
function sexualityDeck(rng: Rng, count: number): Sexuality[] {
  const share = (p: number) => (count >= 4 ? Math.max(1, Math.round(count * p)) : 0);
  const bi = share(0.1);
  const gay = share(0.05);
  const lesbian = share(0.05);
  const hetero = count - bi - gay - lesbian;
  return rng.shuffle([
    ...Array<Sexuality>(hetero).fill('hetero'),
    ...Array<Sexuality>(bi).fill('bi'),
    ...Array<Sexuality>(gay).fill('gay'),
    ...Array<Sexuality>(lesbian).fill('lesbian'),
  ]);
}

function pickAge(rng: Rng): number {
  const [min, max] = rng.weighted([
    [[18, 24], 14],
    [[25, 34], 28],
    [[35, 44], 24],
    [[45, 54], 18],
    [[55, 64], 11],
    [[65, 70], 5],
  ] as const);
  return rng.int(min, max);
}

function toIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A birth date on which the member is exactly `age` on `now` (UTC), anywhere in that year of life. */
function birthDateFor(rng: Rng, now: Date, age: number): string {
  const latest = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  let ms = latest - rng.int(0, 364) * DAY_MS;
  // Leap days can push a date across the birthday; nudge it back inside the year of life.
  while (ageOn(toIsoDate(ms), now) > age) ms += DAY_MS;
  while (ageOn(toIsoDate(ms), now) < age) ms -= DAY_MS;
  return toIsoDate(ms);
}

function pickHairColor(rng: Rng, gender: Gender, age: number, country: Country): HairColor {
  if (gender === 'male' && age >= 28 && rng.chance(age >= 50 ? 0.22 : 0.08)) return 'bald';
  if (age >= 48 && rng.chance(Math.min(0.7, (age - 42) / 30))) return 'grey';
  const south = SOUTHERN.includes(country);
  return rng.weighted<HairColor>([
    ['blonde', south ? 10 : 30],
    ['brown', south ? 46 : 38],
    ['black', south ? 34 : 14],
    ['red', south ? 4 : 7],
    ['other', gender === 'female' && age < 40 ? 5 : 1],
  ]);
}

function pickEyeColor(rng: Rng, country: Country): EyeColor {
  const south = SOUTHERN.includes(country);
  return rng.weighted<EyeColor>([
    ['blue', south ? 12 : 34],
    ['brown', south ? 52 : 26],
    ['green', south ? 12 : 14],
    ['grey', south ? 5 : 10],
    ['hazel', south ? 17 : 14],
    ['other', 2],
  ]);
}

function pickBodyType(rng: Rng, gender: Gender): BodyType {
  return gender === 'female'
    ? rng.weighted<BodyType>([
        ['slim', 26],
        ['athletic', 18],
        ['average', 30],
        ['curvy', 18],
        ['large', 8],
      ])
    : rng.weighted<BodyType>([
        ['slim', 18],
        ['athletic', 26],
        ['average', 32],
        ['muscular', 14],
        ['large', 10],
      ]);
}

function pickRelationshipStatus(rng: Rng, age: number): RelationshipStatus {
  return rng.weighted<RelationshipStatus>([
    ['single', 62],
    ['divorced', age >= 28 ? (age >= 40 ? 24 : 8) : 0],
    ['widowed', age >= 50 ? 7 : 0],
    ['separated', age >= 25 ? 6 : 0],
    ['open', 3],
    ['relationship', 2],
    ['married', 2],
  ]);
}

function pickTattoos(rng: Rng, age: number): Tattoos {
  const young = age < 40;
  return rng.weighted<Tattoos>([
    ['none', young ? 40 : 62],
    ['one', young ? 22 : 20],
    ['some', young ? 26 : 14],
    ['many', young ? 12 : 4],
  ]);
}

function pickInterests(
  rng: Rng,
  reason: SignupReason,
  tattoos: Tattoos,
): { all: InterestKey[]; hobbies: HobbyInterest[] } {
  const total = rng.int(3, 10);
  const hobbies = rng.sample(HOBBY_INTERESTS, Math.min(total, rng.int(2, 5)));
  const extras = rng.shuffle(EXTRA_INTERESTS).filter((key) => key !== 'tattoos' || tattoos !== 'none');
  if (reason === 'relationship' && !extras.slice(0, 3).includes('relationship'))
    extras.unshift('relationship');
  const chosen = new Set<InterestKey>([...hobbies, ...extras.slice(0, total - hobbies.length)]);
  return { all: INTEREST_KEYS.filter((key) => chosen.has(key)), hobbies };
}

/** Usernames are ASCII: sites often restrict them, and "Łukasz" is typed as "Lukasz" anyway. */
function toAscii(value: string): string {
  return value
    .replace(/[łŁ]/g, (c) => (c === 'ł' ? 'l' : 'L'))
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '');
}

function citySlug(city: string): string {
  const words = city.split(/\s+/);
  return toAscii(words.length > 2 ? words[0]! : city).toLowerCase();
}

function makeUsername(
  rng: Rng,
  person: { firstName: string; birthYear: number; city: string; names: NameLocale; gender: Gender },
): string {
  const first = toAscii(person.firstName);
  const lower = first.toLowerCase();
  const yy = String(person.birthYear % 100).padStart(2, '0');
  const initial = rng.pick(SURNAME_INITIALS.split(''));
  const words = USERNAME_WORDS[person.names];
  const pattern = rng.weighted([
    ['nameYear', 24],
    ['nameCity', 14],
    ['nameDotInitial', 12],
    ['wordName', 12],
    ['nameWord', 12],
    ['lowerNumber', 12],
    ['nameInitialYear', 8],
    ['nameUnderscoreWord', 6],
  ] as const);
  switch (pattern) {
    case 'nameYear':
      return `${first}${yy}`;
    case 'nameCity':
      return `${lower}_${citySlug(person.city)}`;
    case 'nameDotInitial':
      return `${first}.${initial}`;
    case 'wordName':
      return `${toAscii(rng.pick(words.before[person.gender]))}${first}`;
    case 'nameWord':
      return `${first}${toAscii(rng.pick(words.after[person.gender]))}`;
    case 'lowerNumber':
      return `${lower}${rng.int(1, 99)}`;
    case 'nameInitialYear':
      return `${first}${initial}${yy}`;
    case 'nameUnderscoreWord':
      return `${lower}_${toAscii(rng.pick(words.after[person.gender])).toLowerCase()}`;
  }
}

function pickCity(rng: Rng, cities: readonly DemoCity[]): DemoCity {
  // Bigger cities (listed first) get more members, roughly like real sign-ups.
  return rng.weighted(cities.map((city, i) => [city, 1 / Math.sqrt(i + 1)] as const));
}

function partnerFor(gender: Gender, sexuality: Sexuality): PartnerKind {
  if (sexuality === 'bi') return 'anyone';
  if (sexuality === 'gay') return 'man';
  if (sexuality === 'lesbian') return 'woman';
  return gender === 'male' ? 'woman' : 'man';
}

/**
 * The demo members, fully determined by `seed`, `count` and `now`: the same inputs give the same
 * people, so screenshots, tests and bug reports can point at "Sanne87 from Utrecht".
 */
export function buildDemoMembers(options: { count: number; now: Date; seed?: number }): DemoMember[] {
  const { count, now } = options;
  const root = createRng(options.seed ?? DEMO_SEED);

  const countries = root
    .fork('countries')
    .shuffle([...allocateCountries(count)].flatMap(([country, n]) => Array<Country>(n).fill(country)));
  const sexualities = sexualityDeck(root.fork('sexualities'), count);
  // Even genders overall: gay men and lesbian women are fixed, the rest fills up.
  const open = sexualities.filter((s) => s === 'hetero' || s === 'bi').length;
  const gayMen = sexualities.filter((s) => s === 'gay').length;
  const openMen = Math.min(open, Math.max(0, Math.round(count / 2) - gayMen));
  const genderDeck = root
    .fork('genders')
    .shuffle([...Array<Gender>(openMen).fill('male'), ...Array<Gender>(open - openMen).fill('female')]);

  const usernames = new Set<string>();
  const members: DemoMember[] = [];
  let nextOpenGender = 0;
  for (let i = 0; i < count; i++) {
    const rng = root.fork(`member:${i}`);
    const country = countries[i]!;
    const info = DEMO_COUNTRIES[country];
    const city = pickCity(rng, info.cities);
    const language = city.language ?? info.language;
    const names = city.names ?? info.names;
    const sexuality = sexualities[i]!;
    const gender: Gender =
      sexuality === 'gay' ? 'male' : sexuality === 'lesbian' ? 'female' : genderDeck[nextOpenGender++]!;
    const age = pickAge(rng);
    const birthDate = birthDateFor(rng, now, age);
    const firstName = rng.pick(
      FIRST_NAMES[names][gender === 'male' ? 'male' : 'female'][age >= 42 ? 'older' : 'young'],
    );

    let username = makeUsername(rng, {
      firstName,
      birthYear: Number(birthDate.slice(0, 4)),
      city: city.name,
      names,
      gender,
    });
    for (let attempt = 0; usernames.has(username.toLowerCase()); attempt++) {
      username =
        attempt < 4
          ? makeUsername(rng, {
              firstName,
              birthYear: Number(birthDate.slice(0, 4)),
              city: city.name,
              names,
              gender,
            })
          : `${toAscii(firstName)}${rng.int(100, 999)}`;
    }
    usernames.add(username.toLowerCase());

    const tattoos = pickTattoos(rng, age);
    const signupReason = rng.weighted<SignupReason>([
      ['relationship', 38],
      ['dating', 26],
      ['chat', 14],
      ['friendship', 12],
      ['adventure', 10],
    ]);
    const interests = pickInterests(rng, signupReason, tattoos);
    const aboutMe = composeAboutMe(rng, {
      language,
      gender,
      firstName,
      age,
      city: city.name,
      reason: signupReason,
      partner: partnerFor(gender, sexuality),
      hobbies: rng.shuffle(interests.hobbies),
    });

    const signupMs = now.getTime() - rng.int(0, 730 * 24 * 60) * 60_000;
    const lastActiveMs = Math.max(signupMs + 5 * 60_000, now.getTime() - rng.int(0, 14 * 24 * 60) * 60_000);
    const lastActive = Math.min(lastActiveMs, now.getTime());
    const photoCount = rng.weighted(PHOTO_COUNT_WEIGHTS);
    const photos: DemoPhotoSpec[] = Array.from({ length: photoCount }, (_, j) => ({
      isPrivate: j > 0 && rng.chance(0.3),
      createdAt: new Date(j === 0 ? signupMs + 2 * 60_000 : rng.int(signupMs + 2 * 60_000, lastActive)),
    }));

    members.push({
      index: i + 1,
      email: `demo+${i + 1}@${DEMO_EMAIL_DOMAIN}`,
      username,
      firstName,
      language,
      country,
      region: city.region,
      city: city.name,
      gender,
      sexuality,
      age,
      birthDate,
      hairColor: pickHairColor(rng, gender, age, country),
      eyeColor: pickEyeColor(rng, country),
      bodyType: pickBodyType(rng, gender),
      relationshipStatus: pickRelationshipStatus(rng, age),
      tattoos,
      signupReason,
      aboutMe,
      interests: interests.all,
      fictional: rng.chance(0.1),
      // More than the free photo allowance (3) only makes sense for a paying member.
      paidUser: photoCount > 3 || rng.chance(0.02),
      signupDate: new Date(signupMs),
      lastActiveAt: new Date(lastActive),
      photos,
    });
  }
  return members;
}
