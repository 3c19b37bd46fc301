import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_FILES, type PhotoSize } from '../../features/photos/photos.keys.ts';
import { type RenderedPhoto, renderPhoto, renderSettings } from './demo-photos.ts';

/**
 * The demo seed draws the same portraits every time (a fixed random seed): rendered once, they are
 * kept on this machine and read back. Seeding is half a minute of both cores, and it happens on every
 * fresh start: each journey run's template, the server tests, a newcomer's first `npm start`.
 *
 * A portrait is found by the hash of its drawing and of everything else its files depend on (the
 * renderer's settings and version, sharp's and libvips' versions), so a change to any of them renders
 * anew instead of reading stale files. The cache is only ever a copy: a missing, partial or
 * unwritable one renders as if there were none.
 */
export const DEFAULT_DEMO_PHOTO_CACHE = path.resolve(
  import.meta.dirname,
  '../../../../node_modules/.cache/liefdesplein-demo-photos',
);

// Not the renderer's source text: the test runner compiles it differently from Node, and a server
// must read what the suite drew.
const RENDERER = createHash('sha256')
  .update(JSON.stringify({ settings: renderSettings(), versions: sharp.versions }))
  .digest('hex');

export type DemoPhotoCache = {
  /** The photo of this drawing: read from the cache, or rendered and then kept. */
  render(svg: string): Promise<RenderedPhoto>;
  /** How many photos came from the cache and how many were rendered. */
  readonly counts: { cached: number; rendered: number };
};

export function demoPhotoCache(dir: string | undefined): DemoPhotoCache {
  const counts = { cached: 0, rendered: 0 };
  const fileOf = (key: string, size: PhotoSize) => path.join(dir ?? '', `${key}-${size}.webp`);

  async function read(key: string): Promise<RenderedPhoto | undefined> {
    try {
      const files = await Promise.all(PHOTO_FILES.map((size) => fs.readFile(fileOf(key, size))));
      const [thumb, medium, large, blur] = files as [Buffer, Buffer, Buffer, Buffer];
      return { files: { thumb, medium, large, blur }, ...renderSettings().large };
    } catch {
      return undefined;
    }
  }

  async function keep(key: string, photo: RenderedPhoto): Promise<void> {
    try {
      await fs.mkdir(dir ?? '', { recursive: true });
      // Written aside and renamed: two seeds at once (the journeys' servers) never read half a file.
      for (const size of PHOTO_FILES) {
        const aside = `${fileOf(key, size)}.${randomUUID()}.tmp`;
        await fs.writeFile(aside, photo.files[size]);
        await fs.rename(aside, fileOf(key, size));
      }
    } catch {
      // A read-only or full disk only means the next seed renders again.
    }
  }

  return {
    counts,
    async render(svg) {
      if (!dir) {
        counts.rendered++;
        return renderPhoto(svg);
      }
      const key = createHash('sha256').update(RENDERER).update(svg).digest('hex');
      const cached = await read(key);
      if (cached) {
        counts.cached++;
        return cached;
      }
      const photo = await renderPhoto(svg);
      counts.rendered++;
      await keep(key, photo);
      return photo;
    },
  };
}
