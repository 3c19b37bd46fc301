import sharp from 'sharp';
import type { EYE_COLORS, HAIR_COLORS } from '../../../shared/profile-options.ts';
import { PHOTO_SIZES, type PhotoSize, photoFileKey } from '../../features/photos/photos.keys.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Rng } from './random.ts';

type HairColor = (typeof HAIR_COLORS)[number];
type EyeColor = (typeof EYE_COLORS)[number];

/*
 * Demo photos are drawn, not downloaded: the seed must work offline, and illustrated people
 * can never be mistaken for real ones. The drawing works in a 400 × 500 view box (4:5) and is
 * rendered by librsvg inside sharp at each target width, which is cheaper than resizing one
 * large bitmap.
 */

const VIEW_W = 400;
const VIEW_H = 500;
const CX = 200;

type Appearance = {
  gender: 'male' | 'female';
  age: number;
  skin: string;
  hairColor: HairColor;
  hair: string | null;
  hairStyle: HairStyle;
  eye: string;
  beard: 'none' | 'stubble' | 'full';
  /** Half the shoulder width in view-box units. */
  shoulders: number;
  faceWidth: number;
  lips: string;
  beardColor: string;
  parting: 'middle' | 'side';
  wearsGlasses: boolean;
  frames: string;
};

type HairStyle =
  | 'none'
  | 'buzz'
  | 'short'
  | 'sidepart'
  | 'curly'
  | 'longish'
  | 'long'
  | 'wavy'
  | 'bob'
  | 'ponytail'
  | 'bun'
  | 'pixie';

const SKIN_TONES = [
  '#fbe0cb',
  '#f5cfb0',
  '#eebd98',
  '#e3a982',
  '#d39670',
  '#bf8059',
  '#a06a46',
  '#85553a',
  '#6a422d',
  '#533324',
] as const;

const HAIR_SHADES: Record<Exclude<HairColor, 'bald'>, readonly string[]> = {
  blonde: ['#e5c37f', '#d6ae66', '#eed39c', '#c99f58'],
  brown: ['#6b4226', '#7b4f2e', '#5a3720', '#8c5c36'],
  black: ['#231c19', '#2d2522', '#17120f'],
  red: ['#a8462a', '#bb5a31', '#913a22'],
  grey: ['#b9b6b2', '#cbc8c3', '#a19e9a', '#dedcd8'],
  other: ['#c46a9f', '#5e7fd6', '#8a62c6', '#3e9c8c'],
};

const EYE_SHADES: Record<EyeColor, readonly string[]> = {
  blue: ['#3d7fc4', '#5a9bd8', '#4a86b8'],
  brown: ['#5b3a1f', '#6e4526', '#4a2f1a'],
  green: ['#4d8b4a', '#5c9a63', '#3f7a52'],
  grey: ['#7d8c96', '#8e9aa3'],
  hazel: ['#8a6a33', '#94733a'],
  other: ['#b07a2a', '#6b5b95'],
};

const LIP_SHADES = ['#c9706f', '#b85c63', '#d0807a', '#a94f5a'] as const;

/** Traits that stay the same on all photos of one member. */
export function describeAppearance(
  rng: Rng,
  person: {
    gender: 'male' | 'female';
    age: number;
    hairColor: HairColor;
    eyeColor: EyeColor;
    bodyType: string;
  },
): Appearance {
  const { gender, hairColor } = person;
  const hairStyle: HairStyle =
    hairColor === 'bald'
      ? 'none'
      : gender === 'female'
        ? rng.weighted<HairStyle>([
            ['long', 28],
            ['wavy', 20],
            ['bob', 12],
            ['ponytail', 12],
            ['bun', 9],
            ['curly', 11],
            ['pixie', 6],
          ])
        : rng.weighted<HairStyle>([
            ['short', 34],
            ['sidepart', 24],
            ['buzz', 16],
            ['curly', 11],
            ['longish', 9],
          ]);
  const build: Record<string, number> = {
    slim: -10,
    athletic: 4,
    average: 0,
    curvy: 6,
    muscular: 14,
    large: 18,
  };
  const hair = hairColor === 'bald' ? null : rng.pick(HAIR_SHADES[hairColor]);
  return {
    gender,
    age: person.age,
    skin: rng.weighted(SKIN_TONES.map((tone, i) => [tone, i < 5 ? 3 : 1] as const)),
    hairColor,
    hair,
    hairStyle,
    eye: rng.pick(EYE_SHADES[person.eyeColor]),
    beard:
      gender === 'male'
        ? rng.weighted([
            ['none', 50],
            ['stubble', 30],
            ['full', person.age > 24 ? 20 : 5],
          ] as const)
        : 'none',
    shoulders: (gender === 'male' ? 128 : 112) + (build[person.bodyType] ?? 0),
    faceWidth: (gender === 'male' ? 58 : 55) + rng.int(-3, 3),
    lips: rng.pick(LIP_SHADES),
    beardColor: hair ?? (person.age > 50 ? '#9d9893' : '#4a3426'),
    parting: rng.chance(0.5) ? 'middle' : 'side',
    wearsGlasses: rng.chance(person.age > 45 ? 0.4 : 0.18),
    frames: rng.pick(['#2b2b2b', '#6b3f22', '#8a1c2b', '#24476b', '#b08d57']),
  };
}

// ---------------------------------------------------------------------------------------------
// colour helpers

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = parseHex(a);
  const [br, bg, bb] = parseHex(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

const darken = (color: string, t: number) => mix(color, '#000000', t);
const lighten = (color: string, t: number) => mix(color, '#ffffff', t);

// ---------------------------------------------------------------------------------------------
// scenes

type Scene = 'beach' | 'city' | 'park' | 'cafe' | 'studio' | 'mountains' | 'home';

const SCENES: readonly Scene[] = ['beach', 'city', 'park', 'cafe', 'studio', 'mountains', 'home'];

function drawScene(rng: Rng, scene: Scene, defs: string[]): string {
  const parts: string[] = [];
  const gradient = (id: string, stops: readonly string[]) => {
    const step = stops.length > 1 ? 1 / (stops.length - 1) : 1;
    defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
        .map((color, i) => `<stop offset="${(i * step).toFixed(2)}" stop-color="${color}"/>`)
        .join('')}</linearGradient>`,
    );
    return `url(#${id})`;
  };
  const sun = (x: number, y: number, r: number, color: string) => {
    // Stacked translucent discs instead of a radial gradient: librsvg paints them far faster.
    return `<circle cx="${x}" cy="${y}" r="${r * 2.3}" fill="${color}" fill-opacity="0.18"/><circle cx="${x}" cy="${y}" r="${r * 1.6}" fill="${color}" fill-opacity="0.3"/><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;
  };
  const cloud = (x: number, y: number, s: number) =>
    `<g fill="#ffffff" fill-opacity="0.8"><ellipse cx="${x}" cy="${y}" rx="${34 * s}" ry="${13 * s}"/><circle cx="${x - 12 * s}" cy="${y - 8 * s}" r="${14 * s}"/><circle cx="${x + 10 * s}" cy="${y - 12 * s}" r="${18 * s}"/></g>`;
  const plant = (x: number, y: number, s: number, pot: string) => {
    const leaves: string[] = [];
    for (let i = 0; i < 7; i++) {
      const angle = -80 + i * 27 + rng.int(-8, 8);
      const length = 48 + rng.int(0, 26);
      leaves.push(
        `<ellipse cx="0" cy="${-length / 2}" rx="${9 + rng.int(0, 4)}" ry="${length / 2}" transform="rotate(${angle})" fill="${rng.pick(['#4f9a5a', '#3f8450', '#5fae62', '#357343'])}"/>`,
      );
    }
    return `<g transform="translate(${x} ${y}) scale(${s})">${leaves.join('')}<path d="M-26 0 L26 0 L20 44 L-20 44 Z" fill="${pot}"/><rect x="-29" y="-5" width="58" height="10" rx="4" fill="${darken(pot, 0.12)}"/></g>`;
  };

  switch (scene) {
    case 'beach': {
      const horizon = rng.int(290, 330);
      parts.push(
        `<rect width="400" height="500" fill="${gradient('sky', ['#7cc4f2', '#bfe3fa', '#eaf6fd'])}"/>`,
      );
      parts.push(sun(rng.pick([70, 320, 90, 300]), rng.int(70, 120), 26, '#fff3c4'));
      parts.push(cloud(rng.int(60, 340), rng.int(60, 150), 0.9 + rng.next() * 0.5));
      parts.push(`<rect y="${horizon}" width="400" height="${500 - horizon}" fill="#4aa8cf"/>`);
      parts.push(
        `<path d="M0 ${horizon + 70} Q100 ${horizon + 52} 200 ${horizon + 66} T400 ${horizon + 60} L400 500 L0 500 Z" fill="#efd6a4"/>`,
      );
      parts.push(
        `<path d="M0 ${horizon + 68} Q100 ${horizon + 50} 200 ${horizon + 64} T400 ${horizon + 58}" stroke="#ffffff" stroke-width="4" fill="none" stroke-opacity="0.7"/>`,
      );
      break;
    }
    case 'city': {
      const dusk = rng.chance(0.5);
      parts.push(
        `<rect width="400" height="500" fill="${gradient('sky', dusk ? ['#3b4a7a', '#9b6f9e', '#f2a47c'] : ['#8fb8e0', '#cfe0ef', '#f1efe9'])}"/>`,
      );
      const far = dusk ? '#5a5478' : '#a7b4c6';
      const near = dusk ? '#3d3a58' : '#8494aa';
      let x = -10;
      while (x < 400) {
        const w = rng.int(36, 70);
        const h = rng.int(140, 300);
        parts.push(`<rect x="${x}" y="${500 - h - 60}" width="${w}" height="${h + 60}" fill="${far}"/>`);
        x += w + rng.int(0, 6);
      }
      x = -20;
      while (x < 400) {
        const w = rng.int(50, 90);
        const h = rng.int(90, 220);
        const top = 500 - h;
        parts.push(`<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${near}"/>`);
        const light = dusk ? '#ffd98a' : '#dfe9f3';
        for (let wy = top + 14; wy < 480; wy += 26) {
          for (let wx = x + 8; wx < x + w - 12; wx += 18) {
            if (rng.chance(dusk ? 0.45 : 0.7)) {
              parts.push(
                `<rect x="${wx}" y="${wy}" width="9" height="13" fill="${light}" fill-opacity="${dusk ? 0.85 : 0.6}"/>`,
              );
            }
          }
        }
        x += w + rng.int(4, 14);
      }
      if (dusk)
        parts.push(`<circle cx="${rng.int(60, 340)}" cy="${rng.int(50, 90)}" r="10" fill="#fff6dc"/>`);
      break;
    }
    case 'park': {
      parts.push(
        `<rect width="400" height="500" fill="${gradient('sky', ['#a9dcf7', '#e3f3fb', '#d9efc7'])}"/>`,
      );
      if (rng.chance(0.5)) parts.push(sun(rng.pick([60, 340]), 70, 22, '#fff6cf'));
      parts.push(cloud(rng.int(80, 320), rng.int(50, 110), 0.8 + rng.next() * 0.4));
      const greens = ['#6fae5e', '#5d9d55', '#7fbd69', '#4f8c4b'];
      for (let i = 0; i < 7; i++) {
        const tx = -20 + i * 70 + rng.int(-15, 15);
        const ty = rng.int(250, 300);
        const r = rng.int(40, 62);
        parts.push(`<rect x="${tx - 6}" y="${ty}" width="12" height="120" fill="#7a5a40"/>`);
        parts.push(`<circle cx="${tx}" cy="${ty}" r="${r}" fill="${rng.pick(greens)}"/>`);
        parts.push(
          `<circle cx="${tx - r * 0.4}" cy="${ty - r * 0.3}" r="${r * 0.55}" fill="#ffffff" fill-opacity="0.08"/>`,
        );
      }
      parts.push(`<path d="M0 380 Q200 350 400 385 L400 500 L0 500 Z" fill="#7dbb67"/>`);
      break;
    }
    case 'cafe': {
      const wall = rng.pick(['#f1dcc3', '#e9d2bd', '#efe1cf', '#dcc7b0']);
      parts.push(
        `<rect width="400" height="500" fill="${gradient('wall', [lighten(wall, 0.2), wall, darken(wall, 0.12)])}"/>`,
      );
      const wx = rng.pick([-30, 210]);
      parts.push(`<rect x="${wx}" y="60" width="220" height="250" rx="6" fill="#a9d3ea"/>`);
      parts.push(
        `<rect x="${wx}" y="60" width="220" height="250" rx="6" fill="none" stroke="#6b4a33" stroke-width="12"/>`,
      );
      parts.push(
        `<line x1="${wx + 110}" y1="60" x2="${wx + 110}" y2="310" stroke="#6b4a33" stroke-width="8"/>`,
      );
      parts.push(`<line x1="${wx}" y1="185" x2="${wx + 220}" y2="185" stroke="#6b4a33" stroke-width="8"/>`);
      for (const lx of [rng.int(40, 120), rng.int(280, 360)]) {
        parts.push(`<line x1="${lx}" y1="0" x2="${lx}" y2="70" stroke="#3d2d22" stroke-width="2"/>`);
        parts.push(`<path d="M${lx - 22} 92 Q${lx} 58 ${lx + 22} 92 Z" fill="#3d2d22"/>`);
        parts.push(`<circle cx="${lx}" cy="96" r="26" fill="#ffe3a3" fill-opacity="0.35"/>`);
        parts.push(`<circle cx="${lx}" cy="94" r="7" fill="#fff1c9"/>`);
      }
      parts.push(`<rect y="400" width="400" height="100" fill="${darken(wall, 0.35)}"/>`);
      parts.push(plant(rng.pick([50, 350]), 350, 0.9, '#c8734c'));
      break;
    }
    case 'studio': {
      const hue = rng.pick([
        ['#fde2e4', '#fad2e1'],
        ['#e2ece9', '#bee1e6'],
        ['#fff1e6', '#f0d9c6'],
        ['#e8e1f5', '#cdc1ea'],
        ['#fef6d8', '#f7e2a8'],
        ['#dff3e4', '#b8e0c4'],
      ] as const);
      parts.push(
        `<rect width="400" height="500" fill="${gradient('studio', [lighten(hue[0], 0.4), hue[0], hue[1]])}"/>`,
      );
      for (let i = 0; i < 6; i++) {
        parts.push(
          `<circle cx="${rng.int(0, 400)}" cy="${rng.int(0, 300)}" r="${rng.int(14, 46)}" fill="#ffffff" fill-opacity="${(0.12 + rng.next() * 0.2).toFixed(2)}"/>`,
        );
      }
      break;
    }
    case 'mountains': {
      parts.push(
        `<rect width="400" height="500" fill="${gradient('sky', ['#88b9e6', '#d6e8f6', '#f4f1ea'])}"/>`,
      );
      parts.push(cloud(rng.int(60, 340), rng.int(50, 100), 1));
      const peaks: string[] = [];
      let x = -60;
      while (x < 420) {
        const w = rng.int(140, 220);
        const top = rng.int(150, 220);
        peaks.push(
          `<path d="M${x} 400 L${x + w / 2} ${top} L${x + w} 400 Z" fill="#8fa2b8"/><path d="M${x + w / 2} ${top} L${x + w / 2 - 24} ${top + 38} L${x + w / 2 - 6} ${top + 30} L${x + w / 2 + 8} ${top + 42} L${x + w / 2 + 26} ${top + 40} Z" fill="#ffffff"/>`,
        );
        x += w * 0.7;
      }
      parts.push(peaks.join(''));
      parts.push(`<path d="M0 360 Q120 320 240 350 T400 340 L400 500 L0 500 Z" fill="#6fa35e"/>`);
      break;
    }
    case 'home': {
      const wall = rng.pick(['#e4ecef', '#f3e7dc', '#e9e4f0', '#e6efe2']);
      parts.push(`<rect width="400" height="500" fill="${gradient('wall', [lighten(wall, 0.3), wall])}"/>`);
      const shelfY = rng.int(120, 170);
      parts.push(`<rect x="240" y="${shelfY}" width="170" height="10" fill="#b08560"/>`);
      let bx = 250;
      for (let i = 0; i < 7; i++) {
        const h = rng.int(34, 52);
        const w = rng.int(9, 15);
        parts.push(
          `<rect x="${bx}" y="${shelfY - h}" width="${w}" height="${h}" fill="${rng.pick(['#d9825b', '#5a88b5', '#e3b04b', '#6fa27a', '#9c6bb0', '#c95d6e'])}"/>`,
        );
        bx += w + 2;
      }
      parts.push(
        `<rect x="30" y="${rng.int(70, 110)}" width="90" height="110" rx="4" fill="#ffffff" stroke="#c7b299" stroke-width="6"/>`,
      );
      parts.push(plant(rng.pick([60, 340]), 380, 1.1, rng.pick(['#e7e2d9', '#b5654a', '#58708e'])));
      break;
    }
  }
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// the person, drawn around a head centred at (CX, HEAD_Y) in figure coordinates

const HEAD_Y = 215;
/** Top of the skull; hair volume is measured from here. */
const HEAD_TOP = HEAD_Y - 72;
/** Where the shoulders start. */
const BODY_TOP = HEAD_Y + 104;

type Outfit = {
  color: string;
  neckline: 'crew' | 'vneck' | 'collar' | 'scoop' | 'tank' | 'hoodie';
  stripes: boolean;
};

const CLOTHING = [
  '#2f4858',
  '#33658a',
  '#86bbd8',
  '#f26419',
  '#f6ae2d',
  '#758e4f',
  '#c44569',
  '#574b90',
  '#f8f4e3',
  '#1b998b',
  '#e84855',
  '#3d405b',
  '#e07a5f',
  '#81b29a',
  '#f2cc8f',
  '#ffffff',
  '#22223b',
] as const;

function pickOutfit(rng: Rng, person: Appearance, scene: Scene): Outfit {
  const female = person.gender === 'female';
  const neckline = rng.weighted<Outfit['neckline']>(
    female
      ? [
          ['scoop', 30],
          ['vneck', 24],
          ['crew', 16],
          ['collar', 10],
          ['tank', scene === 'beach' ? 40 : 8],
          ['hoodie', scene === 'mountains' ? 30 : 6],
        ]
      : [
          ['crew', 34],
          ['collar', 28],
          ['vneck', 14],
          ['tank', scene === 'beach' ? 30 : 3],
          ['hoodie', scene === 'mountains' ? 30 : 10],
        ],
  );
  return { color: rng.pick(CLOTHING), neckline, stripes: neckline !== 'collar' && rng.chance(0.14) };
}

function drawBody(person: Appearance, outfit: Outfit): string {
  const top = BODY_TOP;
  const w = person.shoulders;
  const shape = (half: number) =>
    `M${CX - half - 24} 540 L${CX - half - 10} ${top + 80} C${CX - half - 4} ${top + 24} ${CX - half + 30} ${top + 2} ${CX - 48} ${top - 2} L${CX + 48} ${top - 2} C${CX + half - 30} ${top + 2} ${CX + half + 4} ${top + 24} ${CX + half + 10} ${top + 80} L${CX + half + 24} 540 Z`;
  const cloth = outfit.color;
  const parts: string[] = [];
  // The neck comes first so the clothing overlaps its base; the shadow under the chin gives depth.
  parts.push(
    `<path d="M${CX - 26} ${HEAD_Y + 30} L${CX - 27} ${top + 16} Q${CX} ${top + 30} ${CX + 27} ${top + 16} L${CX + 26} ${HEAD_Y + 30} Z" fill="${person.skin}"/>`,
  );
  parts.push(
    `<path d="M${CX - 26} ${HEAD_Y + 50} Q${CX} ${HEAD_Y + 84} ${CX + 26} ${HEAD_Y + 50} L${CX + 26} ${HEAD_Y + 66} Q${CX} ${HEAD_Y + 96} ${CX - 26} ${HEAD_Y + 66} Z" fill="${darken(person.skin, 0.14)}" fill-opacity="0.6"/>`,
  );

  if (outfit.neckline === 'tank') {
    parts.push(`<path d="${shape(w)}" fill="${darken(person.skin, 0.1)}"/>`);
    parts.push(`<path d="${shape(w - 12)}" fill="${person.skin}"/>`);
    const inner = w - 30;
    parts.push(
      `<path d="M${CX - inner - 4} 540 L${CX - inner + 4} ${top + 40} L${CX - inner + 8} ${top + 2} L${CX - inner + 22} ${top + 2} L${CX - inner + 28} ${top + 32} Q${CX} ${top + 66} ${CX + inner - 28} ${top + 32} L${CX + inner - 22} ${top + 2} L${CX + inner - 8} ${top + 2} L${CX + inner - 4} ${top + 40} L${CX + inner + 4} 540 Z" fill="${cloth}"/>`,
    );
    return parts.join('');
  }
  // A darker rim under a slightly narrower body reads as soft side shading, without a gradient.
  parts.push(`<path d="${shape(w)}" fill="${darken(cloth, 0.16)}"/>`);
  parts.push(`<path d="${shape(w - 14)}" fill="${cloth}"/>`);
  if (outfit.stripes) {
    const [red, green, blue] = parseHex(cloth);
    const light = 0.3 * red + 0.59 * green + 0.11 * blue > 200;
    const stripe = light ? darken(cloth, 0.3) : mix(cloth, '#ffffff', 0.55);
    const sideX = (y: number) => w + 10 + (14 * (y - top - 80)) / (540 - top - 80);
    for (let y = top + 84; y < 520; y += 24) {
      const a = sideX(y);
      const b = sideX(y + 11);
      parts.push(
        `<path d="M${(CX - a).toFixed(1)} ${y} L${(CX + a).toFixed(1)} ${y} L${(CX + b).toFixed(1)} ${y + 11} L${(CX - b).toFixed(1)} ${y + 11} Z" fill="${stripe}"/>`,
      );
    }
  }

  const trim = darken(cloth, 0.18);
  // An open neckline's edge runs from (CX - half, y) to (CX + half, y): the skin it shows starts a
  // little up inside the neck, so no hairline of cloth shows at the seam, and its trim (if any)
  // follows the same edge.
  type Edge = (y: number) => string;
  const neckSkin = (half: number, edge: Edge) =>
    `<path d="M${CX - 25} ${top - 8} L${CX - 25} ${top - 2} L${CX - half} ${top - 2} ${edge(top - 2)} L${CX + 25} ${top - 2} L${CX + 25} ${top - 8} Z" fill="${person.skin}"/>`;
  const neckTrim = (half: number, edge: Edge, y: number, stroke: string) =>
    `<path d="M${CX - half} ${y} ${edge(y)}" fill="none" stroke="${trim}" ${stroke}/>`;
  switch (outfit.neckline) {
    case 'crew':
      parts.push(
        `<path d="M${CX - 32} ${top - 1} Q${CX} ${top + 28} ${CX + 32} ${top - 1}" fill="none" stroke="${trim}" stroke-width="6" stroke-linecap="round"/>`,
      );
      break;
    case 'vneck': {
      const edge: Edge = (y) => `L${CX} ${top + 54} L${CX + 32} ${y}`;
      parts.push(neckSkin(32, edge), neckTrim(32, edge, top - 2, 'stroke-width="5" stroke-linejoin="round"'));
      break;
    }
    case 'scoop': {
      const edge: Edge = (y) => `Q${CX} ${top + 64} ${CX + 46} ${y}`;
      parts.push(neckSkin(46, edge), neckTrim(46, edge, top, 'stroke-width="4"'));
      break;
    }
    case 'collar': {
      const collar = cloth === '#ffffff' || cloth === '#f8f4e3' ? '#e4e0d8' : lighten(cloth, 0.18);
      parts.push(neckSkin(28, (y) => `L${CX} ${top + 44} L${CX + 28} ${y}`));
      parts.push(
        `<path d="M${CX - 32} ${top - 8} L${CX - 4} ${top + 40} L${CX - 44} ${top + 26} Z" fill="${collar}" stroke="${trim}" stroke-width="2" stroke-linejoin="round"/>`,
      );
      parts.push(
        `<path d="M${CX + 32} ${top - 8} L${CX + 4} ${top + 40} L${CX + 44} ${top + 26} Z" fill="${collar}" stroke="${trim}" stroke-width="2" stroke-linejoin="round"/>`,
      );
      for (const by of [top + 64, top + 100])
        parts.push(`<circle cx="${CX}" cy="${by}" r="3" fill="${trim}"/>`);
      break;
    }
    case 'hoodie':
      parts.push(
        `<path d="M${CX - 64} ${top + 4} Q${CX} ${top + 58} ${CX + 64} ${top + 4} Q${CX + 52} ${top - 10} ${CX + 32} ${top - 4} Q${CX} ${top + 26} ${CX - 32} ${top - 4} Q${CX - 52} ${top - 10} ${CX - 64} ${top + 4} Z" fill="${trim}"/>`,
      );
      parts.push(
        `<path d="M${CX - 14} ${top + 36} L${CX - 18} ${top + 92} M${CX + 14} ${top + 36} L${CX + 18} ${top + 92}" stroke="${lighten(cloth, 0.6)}" stroke-width="3" stroke-linecap="round"/>`,
      );
      break;
  }
  return parts.join('');
}

/** A cubic arc from (x1, y) to (x2, y) whose highest point is `peak`. */
function dome(x1: number, x2: number, y: number, peak: number, spread: number): string {
  const control = y - (y - peak) / 0.75;
  return `C${x1 - spread} ${control.toFixed(1)} ${x2 + spread} ${control.toFixed(1)} ${x2} ${y}`;
}

function hairBack(person: Appearance, wave: number): string {
  const hair = person.hair;
  if (!hair) return '';
  const H = HEAD_Y;
  const l = CX - person.faceWidth;
  const r = CX + person.faceWidth;
  const crown = `M${l - 12} ${H} ${dome(l - 12, r + 12, H, HEAD_TOP - 18, 6)}`;
  switch (person.hairStyle) {
    case 'long':
      return `<path d="${crown} C${r + 16} ${H + 60} ${r + 22} ${H + 120} ${r + 30} ${H + 172} Q${CX} ${H + 190} ${l - 30} ${H + 172} C${l - 22} ${H + 120} ${l - 16} ${H + 60} ${l - 12} ${H} Z" fill="${darken(hair, 0.06)}"/>`;
    case 'wavy': {
      const bottom = H + 172;
      const right: [number, number][] = [];
      for (let i = 0; i <= 4; i++) right.push([r + 12 + i * 5, H + (i * (bottom - H)) / 4]);
      const side = (points: [number, number][], outward: number) =>
        points
          .slice(1)
          .map(([x, y], i) => {
            const [px, py] = points[i]!;
            const bulge = (i % 2 === 0 ? 1 : -0.5) * (wave + 6) * outward;
            return ` Q${((px + x) / 2 + bulge).toFixed(1)} ${((py + y) / 2).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)}`;
          })
          .join('');
      const left = right.map(([x, y]) => [2 * CX - x, y] as [number, number]).reverse();
      return `<path d="${crown}${side(right, 1)} Q${CX} ${bottom + 22} ${left[0]![0]} ${bottom}${side(left, -1)} Z" fill="${darken(hair, 0.06)}"/>`;
    }
    case 'bob':
      return `<path d="${crown} C${r + 16} ${H + 40} ${r + 16} ${H + 64} ${r + 10} ${H + 80} Q${CX} ${H + 92} ${l - 10} ${H + 80} C${l - 16} ${H + 64} ${l - 16} ${H + 40} ${l - 12} ${H} Z" fill="${darken(hair, 0.06)}"/>`;
    case 'longish':
      return `<path d="M${l - 8} ${H - 4} ${dome(l - 8, r + 8, H - 4, HEAD_TOP - 16, 4)} C${r + 12} ${H + 18} ${r + 10} ${H + 34} ${r + 3} ${H + 40} L${l - 3} ${H + 40} C${l - 10} ${H + 34} ${l - 12} ${H + 18} ${l - 8} ${H - 4} Z" fill="${darken(hair, 0.08)}"/>`;
    case 'ponytail':
      return `<path d="M${r - 6} ${H - 50} C${r + 44} ${H - 44} ${r + 46} ${H + 50} ${r + 26} ${H + 128} C${r + 8} ${H + 86} ${r + 8} ${H + 6} ${r - 12} ${H - 14} Z" fill="${darken(hair, 0.1)}"/>`;
    case 'curly': {
      if (person.gender === 'male') return '';
      // Two staggered columns per side read as a full head of curls rather than braids.
      const curls: string[] = [];
      for (let k = 0; k < 4; k++) {
        for (const dir of [-1, 1]) {
          const inner = CX + dir * (person.faceWidth + 6 + k * 3);
          const outer = CX + dir * (person.faceWidth + 28 + k * 2);
          const y = H - 18 + k * 30;
          curls.push(`<circle cx="${outer}" cy="${y + 14}" r="${24 - k * 2}" fill="${darken(hair, 0.1)}"/>`);
          curls.push(`<circle cx="${inner}" cy="${y}" r="${26 - k * 2}" fill="${darken(hair, 0.04)}"/>`);
        }
      }
      return curls.join('');
    }
    default:
      return '';
  }
}

function hairFront(person: Appearance, options: { bun: boolean }): string {
  const hair = person.hair;
  if (!hair) return '';
  const H = HEAD_Y;
  const l = CX - person.faceWidth;
  const r = CX + person.faceWidth;
  const cap = (side: number, volume: number, hairline: string) =>
    `<path d="M${l - 4} ${H + side} ${dome(l - 4, r + 4, H + side, HEAD_TOP - volume, 5)} ${hairline} Z" fill="${hair}"/>`;
  switch (person.hairStyle) {
    case 'buzz':
      return `<path d="M${l - 1} ${H - 6} ${dome(l - 1, r + 1, H - 6, HEAD_TOP - 3, 2)} L${r - 1} ${H - 16} C${r - 6} ${H - 44} ${CX + 34} ${H - 52} ${CX} ${H - 52} C${CX - 34} ${H - 52} ${l + 6} ${H - 44} ${l + 1} ${H - 16} Z" fill="${hair}" fill-opacity="0.9"/>`;
    case 'short':
      return cap(
        4,
        14,
        `L${r + 1} ${H - 16} C${r - 4} ${H - 44} ${CX + 30} ${H - 46} ${CX + 8} ${H - 50} C${CX - 10} ${H - 42} ${CX - 34} ${H - 54} ${l + 6} ${H - 40} L${l + 1} ${H - 16}`,
      );
    case 'longish':
      return cap(
        10,
        16,
        `L${r + 1} ${H - 6} C${r - 6} ${H - 40} ${CX + 30} ${H - 40} ${CX} ${H - 46} C${CX - 30} ${H - 40} ${l + 6} ${H - 40} ${l + 1} ${H - 6}`,
      );
    case 'sidepart':
      return `${cap(4, 18, `L${r + 1} ${H - 16} C${r - 2} ${H - 50} ${CX + 10} ${H - 42} ${CX - 16} ${H - 54} C${CX - 30} ${H - 58} ${l + 8} ${H - 50} ${l + 1} ${H - 18}`)}<path d="M${CX - 24} ${HEAD_TOP - 4} Q${CX - 22} ${H - 62} ${CX - 16} ${H - 54}" stroke="${darken(hair, 0.25)}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`;
    case 'pixie':
      return cap(
        8,
        16,
        `L${r + 1} ${H - 8} C${r - 2} ${H - 36} ${CX + 30} ${H - 52} ${CX + 8} ${H - 50} C${CX - 18} ${H - 46} ${l + 28} ${H - 26} ${l + 8} ${H - 18} L${l + 2} ${H - 4}`,
      );
    case 'bun':
    case 'ponytail': {
      const bun =
        person.hairStyle === 'bun' && options.bun
          ? `<circle cx="${CX}" cy="${HEAD_TOP - 14}" r="28" fill="${darken(hair, 0.08)}"/>`
          : '';
      return `${bun}${cap(0, 8, `L${r + 1} ${H - 12} C${r - 4} ${H - 44} ${CX + 26} ${H - 54} ${CX} ${H - 54} C${CX - 26} ${H - 54} ${l + 4} ${H - 44} ${l - 1} ${H - 12}`)}`;
    }
    case 'curly': {
      const curls: string[] = [];
      for (let i = 0; i <= 10; i++) {
        const angle = Math.PI * (1.04 + (i / 10) * 0.92);
        const x = CX + Math.cos(angle) * (person.faceWidth - 4);
        const y = H - 34 + Math.sin(angle) * 46;
        curls.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${18 + (i % 3) * 3}" fill="${i % 2 ? hair : darken(hair, 0.07)}"/>`,
        );
      }
      return curls.join('');
    }
    case 'long':
    case 'wavy':
    case 'bob':
      // Curtains that frame the face and leave the eyes free.
      return person.parting === 'middle'
        ? `<path d="M${l - 10} ${H + 50} ${dome(l - 10, r + 10, H + 50, HEAD_TOP - 16, 6)} L${r - 1} ${H + 50} C${r - 4} ${H - 10} ${r - 10} ${H - 42} ${CX + 6} ${H - 56} L${CX} ${H - 62} L${CX - 6} ${H - 56} C${l + 10} ${H - 42} ${l + 4} ${H - 10} ${l + 1} ${H + 50} Z" fill="${hair}"/>`
        : `<path d="M${l - 10} ${H + 50} ${dome(l - 10, r + 10, H + 50, HEAD_TOP - 16, 6)} L${r - 1} ${H + 50} C${r - 4} ${H - 14} ${r - 6} ${H - 46} ${CX + 22} ${H - 62} C${CX} ${H - 42} ${l + 22} ${H - 38} ${l + 8} ${H - 20} L${l + 1} ${H + 50} Z" fill="${hair}"/>`;
    default:
      return '';
  }
}

type Accessory = 'glasses' | 'sunglasses' | 'sunhat' | 'beanie' | 'cap' | 'earrings' | 'necklace';

function drawFace(person: Appearance, smile: 'open' | 'closed', accessories: Set<Accessory>): string {
  const H = HEAD_Y;
  const l = CX - person.faceWidth;
  const r = CX + person.faceWidth;
  const skin = person.skin;
  const shade = darken(skin, 0.14);
  const parts: string[] = [];
  for (const ex of [l + 2, r - 2]) {
    parts.push(`<ellipse cx="${ex}" cy="${H + 4}" rx="10" ry="15" fill="${shade}"/>`);
    parts.push(`<ellipse cx="${ex}" cy="${H + 4}" rx="6" ry="10" fill="${skin}"/>`);
  }
  const chin = H + 74;
  parts.push(
    `<path d="M${l} ${H - 10} C${l} ${H - 92} ${r} ${H - 92} ${r} ${H - 10} C${r} ${H + 40} ${CX + 26} ${chin} ${CX} ${chin} C${CX - 26} ${chin} ${l} ${H + 40} ${l} ${H - 10} Z" fill="${skin}"/>`,
  );
  if (person.beard !== 'none') {
    // Stubble follows the jaw exactly (it is translucent, so any overhang would show on the
    // background); a full beard is opaque and gets a little volume below the chin.
    const below = person.beard === 'full' ? 9 : 0;
    const out = person.beard === 'full' ? 2 : 0;
    parts.push(
      `<path d="M${l - out} ${H - 10} C${l - out} ${H + 40} ${CX - 26 - below} ${chin + below} ${CX} ${chin + below} C${CX + 26 + below} ${chin + below} ${r + out} ${H + 40} ${r + out} ${H - 10} C${r - 6} ${H + 20} ${CX + 34} ${H + 34} ${CX + 24} ${H + 38} Q${CX} ${H + 30} ${CX - 24} ${H + 38} C${CX - 34} ${H + 34} ${l + 6} ${H + 20} ${l - out} ${H - 10} Z" fill="${person.beardColor}" fill-opacity="${person.beard === 'full' ? 0.96 : 0.24}"/>`,
    );
  }
  parts.push(`<ellipse cx="${CX - 34}" cy="${H + 26}" rx="13" ry="8" fill="#f08a8a" fill-opacity="0.22"/>`);
  parts.push(`<ellipse cx="${CX + 34}" cy="${H + 26}" rx="13" ry="8" fill="#f08a8a" fill-opacity="0.22"/>`);
  const brow = person.hair
    ? darken(person.hair, person.hairColor === 'grey' ? 0.3 : 0.15)
    : darken(skin, 0.45);
  const browWidth = person.gender === 'male' ? 5 : 3.6;
  for (const dir of [-1, 1]) {
    const ex = CX + dir * 23;
    parts.push(
      `<path d="M${ex - dir * 13} ${H - 17} Q${ex} ${H - 26} ${ex + dir * 13} ${H - 19}" stroke="${brow}" stroke-width="${browWidth}" fill="none" stroke-linecap="round"/>`,
    );
  }
  for (const dir of [-1, 1]) {
    const ex = CX + dir * 23;
    const ey = H - 2;
    parts.push(`<ellipse cx="${ex}" cy="${ey}" rx="10.5" ry="7.5" fill="#ffffff"/>`);
    parts.push(`<circle cx="${ex + 0.5}" cy="${ey + 0.5}" r="6" fill="${person.eye}"/>`);
    parts.push(`<circle cx="${ex + 0.5}" cy="${ey + 0.5}" r="2.8" fill="#1b1410"/>`);
    parts.push(`<circle cx="${ex + 2.6}" cy="${ey - 1.6}" r="1.6" fill="#ffffff"/>`);
    parts.push(
      `<path d="M${ex - 11} ${ey - 1} Q${ex} ${ey - 11} ${ex + 11} ${ey - 1}" stroke="#2b1d16" stroke-width="${person.gender === 'female' ? 2.6 : 1.8}" fill="none" stroke-linecap="round"/>`,
    );
  }
  parts.push(
    `<path d="M${CX - 2} ${H + 8} Q${CX - 8} ${H + 26} ${CX - 6} ${H + 30} Q${CX} ${H + 34} ${CX + 7} ${H + 30}" stroke="${darken(skin, 0.25)}" stroke-width="2.4" fill="none" stroke-linecap="round"/>`,
  );
  const my = H + 46;
  const lipColor = person.gender === 'female' ? person.lips : darken(skin, 0.32);
  const mouth = `M${CX - 18} ${my - 2} Q${CX} ${my + 2} ${CX + 18} ${my - 2} Q${CX + 14} ${my + 16} ${CX} ${my + 17} Q${CX - 14} ${my + 16} ${CX - 18} ${my - 2} Z`;
  if (smile === 'open') {
    parts.push(`<path d="${mouth}" fill="#8a3b3b"/>`);
    parts.push(
      `<path d="M${CX - 15} ${my} Q${CX} ${my + 3} ${CX + 15} ${my} L${CX + 13} ${my + 5} Q${CX} ${my + 8} ${CX - 13} ${my + 5} Z" fill="#ffffff"/>`,
    );
    parts.push(
      `<path d="${mouth}" fill="none" stroke="${lipColor}" stroke-width="2.4" stroke-linejoin="round"/>`,
    );
  } else {
    parts.push(
      `<path d="M${CX - 17} ${my} Q${CX} ${my + 12} ${CX + 17} ${my}" stroke="${lipColor}" stroke-width="${person.gender === 'female' ? 4 : 3}" fill="none" stroke-linecap="round"/>`,
    );
  }
  if (person.age > 40) {
    parts.push(
      `<path d="M${CX - 27} ${my - 8} Q${CX - 30} ${my} ${CX - 24} ${my + 6} M${CX + 27} ${my - 8} Q${CX + 30} ${my} ${CX + 24} ${my + 6}" stroke="${shade}" stroke-width="1.6" fill="none" stroke-linecap="round"/>`,
    );
  }

  if (accessories.has('glasses') || accessories.has('sunglasses')) {
    const sun = accessories.has('sunglasses');
    const frame = sun ? '#1d1d1f' : person.frames;
    const lens = sun ? `fill="#1f2630" fill-opacity="0.92"` : `fill="#ffffff" fill-opacity="0.12"`;
    for (const dir of [-1, 1]) {
      const ex = CX + dir * 24;
      parts.push(
        `<rect x="${ex - 17}" y="${H - 14}" width="34" height="${sun ? 26 : 24}" rx="${sun ? 11 : 8}" ${lens} stroke="${frame}" stroke-width="${sun ? 3.5 : 3}"/>`,
      );
      if (sun) {
        parts.push(
          `<path d="M${ex - 9} ${H - 7} l8 -3" stroke="#ffffff" stroke-width="2.4" stroke-opacity="0.5" stroke-linecap="round"/>`,
        );
      }
    }
    parts.push(
      `<path d="M${CX - 7} ${H - 5} Q${CX} ${H - 10} ${CX + 7} ${H - 5}" stroke="${frame}" stroke-width="3" fill="none"/>`,
    );
    parts.push(
      `<path d="M${CX - 41} ${H - 6} L${l + 2} ${H - 8} M${CX + 41} ${H - 6} L${r - 2} ${H - 8}" stroke="${frame}" stroke-width="3"/>`,
    );
  }
  return parts.join('');
}

function drawHat(rng: Rng, person: Appearance, kind: Accessory): string {
  const H = HEAD_Y;
  const l = CX - person.faceWidth;
  const r = CX + person.faceWidth;
  const color = rng.pick(['#e9d8a6', '#c94f4f', '#2f4858', '#f4f1de', '#3d5a80', '#81b29a', '#e07a5f']);
  switch (kind) {
    case 'sunhat':
      return `<path d="M${l - 6} ${H - 46} ${dome(l - 6, r + 6, H - 46, HEAD_TOP - 34, 4)} Z" fill="${lighten(color, 0.08)}"/><path d="M${l - 6} ${H - 52} Q${CX} ${H - 62} ${r + 6} ${H - 52} L${r + 6} ${H - 44} Q${CX} ${H - 54} ${l - 6} ${H - 44} Z" fill="${darken(color, 0.3)}"/><ellipse cx="${CX}" cy="${H - 42}" rx="${person.faceWidth + 64}" ry="18" fill="${color}"/><ellipse cx="${CX}" cy="${H - 44}" rx="${person.faceWidth + 40}" ry="9" fill="${darken(color, 0.08)}"/>`;
    case 'beanie':
      return `<path d="M${l - 8} ${H - 36} ${dome(l - 8, r + 8, H - 36, HEAD_TOP - 22, 4)} Z" fill="${color}"/><rect x="${l - 10}" y="${H - 50}" width="${r - l + 20}" height="22" rx="9" fill="${darken(color, 0.15)}"/><circle cx="${CX}" cy="${HEAD_TOP - 24}" r="14" fill="${lighten(color, 0.3)}"/>`;
    case 'cap':
      return `<path d="M${l - 6} ${H - 40} ${dome(l - 6, r + 6, H - 40, HEAD_TOP - 18, 4)} Z" fill="${color}"/><path d="M${l - 6} ${H - 42} Q${CX} ${H - 32} ${r + 36} ${H - 44} Q${r + 24} ${H - 58} ${CX} ${H - 54} Z" fill="${darken(color, 0.2)}"/><circle cx="${CX}" cy="${HEAD_TOP - 16}" r="4" fill="${darken(color, 0.25)}"/>`;
    default:
      return '';
  }
}

type PortraitOptions = {
  /** The first photo is the profile picture: face clearly visible, no sunglasses. */
  main: boolean;
};

/** One photo of the person: scene, outfit, accessories and framing vary per call. */
export function buildPortraitSvg(rng: Rng, person: Appearance, options: PortraitOptions): string {
  const defs: string[] = [];
  const scene = rng.pick(SCENES);
  const background = drawScene(rng, scene, defs);
  const outfit = pickOutfit(rng, person, scene);
  const accessories = new Set<Accessory>();
  if (person.wearsGlasses ? rng.chance(0.8) : rng.chance(0.05)) accessories.add('glasses');
  if (!options.main && (scene === 'beach' || scene === 'city' || scene === 'mountains') && rng.chance(0.35)) {
    accessories.delete('glasses');
    accessories.add('sunglasses');
  }
  const hatRoll = rng.next();
  if (scene === 'beach' && hatRoll < 0.3) accessories.add('sunhat');
  else if ((scene === 'mountains' || scene === 'city') && hatRoll < 0.18) accessories.add('beanie');
  else if (person.gender === 'male' && (scene === 'park' || scene === 'beach') && hatRoll < 0.4)
    accessories.add('cap');
  if (person.gender === 'female' ? rng.chance(0.55) : rng.chance(0.06)) accessories.add('earrings');
  if (outfit.neckline !== 'collar' && outfit.neckline !== 'hoodie' && rng.chance(0.25))
    accessories.add('necklace');

  const scale = 1.14 + rng.next() * 0.16;
  const dx = rng.int(-30, 30);
  const dy = rng.int(-4, 30);
  const tilt = (rng.next() * 6 - 3).toFixed(1);
  const headTilt = (rng.next() * 8 - 4).toFixed(1);
  const smile = rng.chance(0.55) ? 'open' : 'closed';
  const wave = rng.int(6, 14);

  const hat = [...accessories].find((a) => a === 'sunhat' || a === 'beanie' || a === 'cap');
  const metal = rng.pick(['#e6c26b', '#d9d9d9']);
  // Hair that falls over the ears would leave earrings floating on it.
  const earsVisible =
    !['long', 'wavy', 'bob'].includes(person.hairStyle) &&
    !(person.hairStyle === 'curly' && person.gender === 'female');
  const hoops = rng.chance(0.5);
  const earrings =
    accessories.has('earrings') && earsVisible
      ? [CX - person.faceWidth + 2, CX + person.faceWidth - 2]
          .map((ex) =>
            hoops
              ? `<circle cx="${ex}" cy="${HEAD_Y + 29}" r="8" fill="none" stroke="${metal}" stroke-width="2.4"/>`
              : `<circle cx="${ex}" cy="${HEAD_Y + 24}" r="4" fill="${metal}"/>`,
          )
          .join('')
      : '';
  const necklace = accessories.has('necklace')
    ? `<path d="M${CX - 30} ${BODY_TOP + 2} Q${CX} ${BODY_TOP + 52} ${CX + 30} ${BODY_TOP + 2}" stroke="${metal}" stroke-width="2" fill="none"/><circle cx="${CX}" cy="${BODY_TOP + 28}" r="4.5" fill="${rng.pick([metal, '#7fb7d8', '#e07a8f'])}"/>`
    : '';

  // The hat is drawn over the hair, so only what shows below its brim remains visible.
  const frontHair = hairFront(person, { bun: !hat });
  const pivot = `${CX} ${HEAD_Y + 80}`;
  const figure = `<g transform="rotate(${headTilt} ${pivot})">${hairBack(person, wave)}</g>${drawBody(person, outfit)}${necklace}<g transform="rotate(${headTilt} ${pivot})">${drawFace(person, smile, accessories)}${frontHair}${earrings}${hat ? drawHat(rng, person, hat) : ''}</g>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${VIEW_W} ${VIEW_H}" width="${VIEW_W}" height="${VIEW_H}"><defs>${defs.join('')}</defs>${background}<g transform="translate(${dx} ${dy}) rotate(${tilt} ${CX} 520) translate(${CX} 520) scale(${scale.toFixed(3)}) translate(${-CX} -520)">${figure}</g></svg>`;
}

// ---------------------------------------------------------------------------------------------
// rendering

const QUALITY = 76;
const BLUR_QUALITY = 45;
/** Width of the tiny render the blurred variant is scaled up from; smaller hides more. */
const BLUR_SOURCE_WIDTH = 20;

const heightFor = (width: number) => Math.round(width * 1.25);

function sized(svg: string, width: number): Buffer {
  return Buffer.from(
    svg.replace(`width="${VIEW_W}" height="${VIEW_H}"`, `width="${width}" height="${heightFor(width)}"`),
  );
}

/**
 * Raise it with any change to how renderPhoto turns a drawing into files (the drawing itself and the
 * settings above are in the cache's key already): the demo photo cache then renders anew.
 */
const RENDER_VERSION = 1;

export type RenderedPhoto = { files: Record<PhotoSize, Buffer>; width: number; height: number };

/** What a rendered photo depends on besides its drawing (the demo photo cache's key has it). */
export function renderSettings() {
  const { large } = PHOTO_SIZES;
  return {
    sizes: PHOTO_SIZES,
    quality: QUALITY,
    blurQuality: BLUR_QUALITY,
    blurSourceWidth: BLUR_SOURCE_WIDTH,
    large: { width: large, height: heightFor(large) },
    version: RENDER_VERSION,
  };
}

/*
 * Cost per photo matters: the seed writes hundreds of them on a small machine. librsvg draws
 * each size straight from the vector source, which measured cheaper than handing a 1200 px
 * bitmap to further sharp pipelines (copying it in alone costs as much as drawing at 600 px).
 * libvips enlarges slowly and a sigma-30 blur is slower still, so the blurred variant is a 20 px
 * drawing that librsvg scales back up (bilinear), which is itself a heavy blur.
 */
export async function renderPhoto(svg: string): Promise<RenderedPhoto> {
  const { large, medium, thumb } = PHOTO_SIZES;
  const webp = { quality: QUALITY, effort: 0 } as const;
  const encode = (width: number) => sharp(sized(svg, width)).removeAlpha().webp(webp).toBuffer();
  const blur = async () => {
    const tiny = await sharp(sized(svg, BLUR_SOURCE_WIDTH))
      .removeAlpha()
      .blur(0.8)
      .png({ compressionLevel: 1 })
      .toBuffer();
    const scaled = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${medium}" height="${heightFor(medium)}"><image width="${medium}" height="${heightFor(medium)}" preserveAspectRatio="none" xlink:href="data:image/png;base64,${tiny.toString('base64')}"/></svg>`;
    return sharp(Buffer.from(scaled)).removeAlpha().webp({ quality: BLUR_QUALITY, effort: 0 }).toBuffer();
  };
  const [largeFile, mediumFile, thumbFile, blurFile] = await Promise.all([
    encode(large),
    encode(medium),
    encode(thumb),
    blur(),
  ]);
  return {
    files: { thumb: thumbFile, medium: mediumFile, large: largeFile, blur: blurFile },
    ...renderSettings().large,
  };
}

export async function storePhoto(storage: Storage, storageKey: string, photo: RenderedPhoto): Promise<void> {
  await Promise.all(
    (Object.keys(photo.files) as PhotoSize[]).map((size) =>
      storage.put(photoFileKey(storageKey, size), photo.files[size], 'image/webp'),
    ),
  );
}
