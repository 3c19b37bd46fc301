import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTO_FILES, photoFileKey } from '../../features/photos/photos.keys.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { createTestDb } from '../../test/db.ts';
import { photos } from '../schema/index.ts';
import { buildDemoMembers } from './demo-data.ts';
import { demoPhotoCache } from './demo-photo-cache.ts';
import { buildPortraitSvg, describeAppearance } from './demo-photos.ts';
import { createRng } from './random.ts';
import { seedDemo } from './seed-demo.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-photo-cache-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

function portrait(seed: number): string {
  const [member] = buildDemoMembers({ count: 1, now: new Date('2025-03-15T10:00:00Z') });
  const rng = createRng(seed);
  return buildPortraitSvg(rng.fork('photo'), describeAppearance(rng.fork('look'), member!), { main: true });
}

describe('the demo photo cache', () => {
  it('renders a drawing once and reads the same files back', async () => {
    const dir = await tempDir();
    const svg = portrait(1);
    const first = demoPhotoCache(dir);
    const rendered = await first.render(svg);
    const second = demoPhotoCache(dir);
    const cached = await second.render(svg);
    expect(first.counts).toEqual({ cached: 0, rendered: 1 });
    expect(second.counts).toEqual({ cached: 1, rendered: 0 });
    expect(cached).toEqual(rendered);
    // Another drawing is another entry.
    await second.render(portrait(2));
    expect(second.counts).toEqual({ cached: 1, rendered: 1 });
  });

  it('renders again when an entry is incomplete, and without a directory renders every time', async () => {
    const dir = await tempDir();
    const svg = portrait(3);
    await demoPhotoCache(dir).render(svg);
    const [blur] = (await fs.readdir(dir)).filter((file) => file.endsWith('-blur.webp'));
    await fs.rm(path.join(dir, blur!));
    const again = demoPhotoCache(dir);
    await again.render(svg);
    expect(again.counts).toEqual({ cached: 0, rendered: 1 });
    expect(await fs.readdir(dir)).toHaveLength(PHOTO_FILES.length);

    const none = demoPhotoCache(undefined);
    await none.render(svg);
    await none.render(svg);
    expect(none.counts).toEqual({ cached: 0, rendered: 2 });
  });

  it('gives a second seed on another day the same photo files without drawing them again', async () => {
    const cache = await tempDir();
    const seeded: { files: Buffer[]; log: string[] }[] = [];
    for (const now of [new Date('2025-03-15T10:00:00Z'), new Date('2026-11-29T04:00:00Z')]) {
      const testDb = await createTestDb();
      cleanups.push(() => testDb.close());
      const storage = createLocalStorage(await tempDir());
      const log: string[] = [];
      await seedDemo({ db: testDb.db, storage, now, count: 4, photoCache: cache, log: (m) => log.push(m) });
      const keys = await testDb.db.select({ key: photos.storageKey }).from(photos).orderBy(asc(photos.id));
      const files: Buffer[] = [];
      for (const { key } of keys)
        for (const size of PHOTO_FILES) files.push((await storage.get(photoFileKey(key, size)))!);
      seeded.push({ files, log });
    }
    const [first, second] = seeded as [(typeof seeded)[0], (typeof seeded)[0]];
    expect(first.log.at(-1)).toMatch(/, 0 from the cache\)$/);
    const photoCount = first.files.length / PHOTO_FILES.length;
    expect(second.log.at(-1)).toMatch(new RegExp(`, ${photoCount} from the cache\\)$`));
    expect(second.files).toEqual(first.files);
  }, 120_000);
});
