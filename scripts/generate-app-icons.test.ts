import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { APP_ICONS, appIconPath, readLogo, renderAppIcon } from './generate-app-icons.ts';

const publicDir = path.resolve(import.meta.dirname, '../public');
const manifest = JSON.parse(await readFile(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as {
  [field: string]: unknown;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

async function pixels(file: Buffer | string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('the installed app', () => {
  it('has a manifest with what browsers need to offer installing it', () => {
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Liefdesplein',
      short_name: 'Liefdesplein',
      lang: 'nl',
      start_url: '/members',
      scope: '/',
      display: 'standalone',
      theme_color: '#b3124f',
      background_color: '#ffffff',
    });
    expect(String(manifest.description).length).toBeGreaterThan(20);
    for (const purpose of ['any', 'maskable']) {
      const sizes = manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
      expect(sizes, purpose).toEqual(expect.arrayContaining(['192x192', '512x512']));
    }
  });

  it.each(manifest.icons.filter((icon) => icon.type === 'image/png'))(
    '$src is a PNG of $sizes',
    async (icon) => {
      const { width, height } = await sharp(path.join(publicDir, icon.src)).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    },
  );

  it('has maskable icons drawn to the edge in the brand colour, the heart inside the safe zone', async () => {
    for (const icon of manifest.icons.filter((entry) => entry.purpose === 'maskable')) {
      const { data, width } = await pixels(path.join(publicDir, icon.src));
      const at = (x: number, y: number) => [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
      // A platform's mask may cut anywhere outside the centre circle of 80 %: brand colour there.
      const brand = [0xb3, 0x12, 0x4f, 255];
      for (const [x, y] of [
        [0, 0],
        [width - 1, 0],
        [0, width - 1],
        [width - 1, width - 1],
        [Math.round(width * 0.12), Math.round(width / 2)],
        [Math.round(width / 2), Math.round(width * 0.12)],
      ] as const)
        expect(at(x, y), `${icon.src} at ${x},${y}`).toEqual(brand);
      // The white heart is in the middle.
      expect(at(width / 2, width / 2)).toEqual([255, 255, 255, 255]);
    }
  });

  it('has the icons the script draws from the favicon (run it after changing the logo)', async () => {
    const logo = await readLogo();
    for (const icon of APP_ICONS) {
      const [drawn, committed] = await Promise.all([
        pixels(await renderAppIcon(icon, logo)),
        pixels(appIconPath(icon.file)),
      ]);
      expect(committed.width).toBe(drawn.width);
      let difference = 0;
      for (let i = 0; i < drawn.data.length; i++) difference += Math.abs(drawn.data[i]! - committed.data[i]!);
      // Another version of sharp's renderer may smooth an edge differently, not draw another icon.
      expect(difference / drawn.data.length, icon.file).toBeLessThan(1);
    }
  });
});
