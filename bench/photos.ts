import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_SIZES } from '../src/server/features/photos/photos.keys.ts';
import { PHOTO_WEBP_OPTIONS } from '../src/server/features/photos/photos.pipeline.ts';
import { insertExif } from '../src/server/test/photo-fixtures.ts';
import { signUpMember, startProduct, stopProcess, waitFor } from './lib.ts';

/**
 * Photo upload benchmark: a 12-megapixel phone-like JPEG uploaded end to end (multipart POST
 * /api/photos.php on the product with embedded PostgreSQL: checks, one decode, four WebP files,
 * storage, database) against the bare sharp work of one resize of the same JPEG to the large size
 * in this process. Both run one at a time; each pair is measured three times next to each other and
 * the median ratio reported (goal ≥ 50%).
 */
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-photos-'));
const PORT = '3908';
const base = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_PHOTO_SECONDS ?? 6);

/** 4000 × 3000 shapes under sensor-like noise, quality 90, with EXIF (camera, GPS): about 3 MB. */
async function makePhoneJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const shapes = Array.from(
    { length: 60 },
    (_, i) =>
      `<circle cx="${(i * 677) % width}" cy="${(i * 389) % height}" r="${80 + ((i * 37) % 300)}" fill="hsl(${(i * 47) % 360},60%,50%)" fill-opacity="0.6"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6aa0d8"/><stop offset="1" stop-color="#e8c27a"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${shapes}</svg>`;
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 14 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i++) {
    const v = (pixels[i] as number) + (noise[i] as number) - 128;
    pixels[i] = Math.max(0, Math.min(255, v));
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return insertExif(jpeg, { orientation: 1, make: 'BenchPhone', gps: { lat: 52.370216, lon: 4.895168 } });
}

/** Operations per second of `work` run one after another for `seconds`, after one warm-up run. */
async function rate(work: () => Promise<unknown>, seconds: number) {
  await work();
  let done = 0;
  let busyMs = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const t = performance.now();
    await work();
    busyMs += performance.now() - t;
    done += 1;
  }
  return { perSecond: done / (busyMs / 1000), msEach: busyMs / done, done };
}

const product = startProduct(PORT, dataDir, { PHOTO_UPLOAD_RATE_LIMIT: '1000000' });
try {
  const jpeg = await makePhoneJpeg();
  await waitFor(`${base}/api/health.php`);
  const { sid, csrfToken } = await signUpMember(base, {
    email: 'photos@example.nl',
    name: 'PhotoBench',
    password: 'Zonnebloem-2026!',
    gender: 'female',
  });
  const headers = { cookie: `sid=${sid}`, 'x-csrf-token': csrfToken };

  const bare = () =>
    sharp(jpeg)
      .resize({
        width: PHOTO_SIZES.large,
        height: PHOTO_SIZES.large,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp(PHOTO_WEBP_OPTIONS)
      .toBuffer();

  // A free member holds 3 photos at most: each upload is deleted again, outside the timed part.
  let uploaded: number | null = null;
  const uploadOnce = async () => {
    if (uploaded !== null) {
      const removed = await fetch(`${base}/api/photo.php?id=${uploaded}`, { method: 'DELETE', headers });
      if (!removed.ok) throw new Error(`delete failed: ${await removed.text()}`);
      uploaded = null;
    }
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const t = performance.now();
    const res = await fetch(`${base}/api/photos.php`, { method: 'POST', headers, body: form });
    const body = (await res.json()) as { photo?: { id: number } };
    const ms = performance.now() - t;
    if (!res.ok || !body.photo) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
    uploaded = body.photo.id;
    return ms;
  };
  const uploads = async (seconds: number) => {
    await uploadOnce();
    let done = 0;
    let busyMs = 0;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      busyMs += await uploadOnce();
      done += 1;
    }
    return { perSecond: done / (busyMs / 1000), msEach: busyMs / done, done };
  };

  const rounds: {
    ratio: number;
    bare: Awaited<ReturnType<typeof rate>>;
    e2e: Awaited<ReturnType<typeof uploads>>;
  }[] = [];
  for (let round = 0; round < 3; round += 1) {
    const bareResult = await rate(bare, SECONDS);
    const e2eResult = await uploads(SECONDS);
    rounds.push({ ratio: e2eResult.perSecond / bareResult.perSecond, bare: bareResult, e2e: e2eResult });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  const median = rounds[1] as (typeof rounds)[number];
  const ok = median.ratio >= 0.5;

  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, sharp concurrency ${sharp.concurrency()}`,
  );
  console.log(
    `input: 4000 × 3000 JPEG q90 with EXIF, ${(jpeg.length / 2 ** 20).toFixed(2)} MiB; one at a time`,
  );
  console.log(
    `bare sharp resize → ${PHOTO_SIZES.large} px WebP   ${median.bare.perSecond.toFixed(2).padStart(6)} /s  ${median.bare.msEach.toFixed(0).padStart(4)} ms each`,
  );
  console.log(
    `POST /api/photos.php (end to end)   ${median.e2e.perSecond.toFixed(2).padStart(6)} /s  ${median.e2e.msEach.toFixed(0).padStart(4)} ms each  ${(median.ratio * 100).toFixed(1)}% of bare (goal ≥ 50%) ${ok ? 'ok' : 'BELOW GOAL'}`,
  );
  console.log(
    `(ratios of the three pairs: ${rounds.map((r) => `${(r.ratio * 100).toFixed(1)}%`).join(', ')})`,
  );
} finally {
  await stopProcess(product);
  await fs.rm(dataDir, { recursive: true, force: true });
}
