import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Writes the installed app's PNG icons from public/favicon.svg (run by hand after the logo
 * changes: `node scripts/generate-app-icons.ts`). The PNGs are committed, so a fresh clone and
 * the build need neither this script nor sharp's SVG renderer; app-icons.test.ts checks them
 * against the manifest.
 */

const root = path.resolve(import.meta.dirname, '..');
const BRAND = '#b3124f';

/** The favicon's heart path. */
export async function readLogo(): Promise<string> {
  const svg = await readFile(path.join(root, 'public/favicon.svg'), 'utf8');
  const found = /<path d="([^"]+)"/.exec(svg);
  if (!found) throw new Error('public/favicon.svg has no <path d="…">');
  return found[1]!;
}
/** The heart's box in the favicon's 32-unit view box: measured by hand, so a new logo needs a new box. */
const LOGO_BOX = { x: 5, y: 5.5, width: 22, height: 22.5 };

/**
 * The heart centred at `share` of the icon's width. Maskable icons are cropped by the platform
 * to any shape that holds the centre circle of 80 % of the width: a heart at half the width keeps
 * its corners inside that circle (√2 × 25 % ≈ 35 % < 40 %).
 */
function iconSvg(size: number, logo: string, options: { share: number; background?: string; fill: string }) {
  const scale = (size * options.share) / Math.max(LOGO_BOX.width, LOGO_BOX.height);
  const dx = size / 2 - (LOGO_BOX.x + LOGO_BOX.width / 2) * scale;
  const dy = size / 2 - (LOGO_BOX.y + LOGO_BOX.height / 2) * scale;
  const background = options.background
    ? `<rect width="${size}" height="${size}" fill="${options.background}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5c8a"/><stop offset="1" stop-color="${BRAND}"/></linearGradient></defs>
${background}<path transform="translate(${dx} ${dy}) scale(${scale})" d="${logo}" fill="${options.fill}"/></svg>`;
}

export const APP_ICONS = [
  // Purpose any: the heart as the favicon draws it, on nothing (the platform adds its own backdrop).
  { file: 'app-192.png', size: 192, share: 0.9, fill: 'url(#g)' },
  { file: 'app-512.png', size: 512, share: 0.9, fill: 'url(#g)' },
  // Purpose maskable: full bleed in the brand colour, a white heart inside the safe zone.
  { file: 'app-maskable-192.png', size: 192, share: 0.5, fill: '#ffffff', background: BRAND },
  { file: 'app-maskable-512.png', size: 512, share: 0.5, fill: '#ffffff', background: BRAND },
  // iOS paints a transparent icon black and rounds the corners itself: full bleed as well.
  { file: 'apple-touch-icon.png', size: 180, share: 0.6, fill: '#ffffff', background: BRAND },
] as const;

export const appIconPath = (file: string) => path.join(root, 'public/icons', file);

export function renderAppIcon(icon: (typeof APP_ICONS)[number], logo: string): Promise<Buffer> {
  const svg = iconSvg(icon.size, logo, {
    share: icon.share,
    fill: icon.fill,
    ...('background' in icon ? { background: icon.background } : {}),
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

async function main() {
  const logo = await readLogo();
  for (const icon of APP_ICONS) {
    await writeFile(appIconPath(icon.file), await renderAppIcon(icon, logo));
    console.log(`wrote public/icons/${icon.file}`);
  }
}

if (import.meta.main) await main();
