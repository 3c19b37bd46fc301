import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { makeTestJpeg, makeTestPng } from '../../test/photo-fixtures.ts';
import {
  PHOTO_WORKER_NICENESS,
  type PhotoFile,
  photoWorkerPolicy,
  processPhoto,
  stopPhotoWorker,
} from './photo-processor.ts';

/** Runs `test` with a fresh worker at BACKGROUND_PRIORITY `priority`, then puts the suite's back. */
async function withPriority(priority: 'idle' | 'normal', test: () => Promise<void>) {
  const before = process.env.BACKGROUND_PRIORITY;
  process.env.BACKGROUND_PRIORITY = priority;
  await stopPhotoWorker();
  try {
    await test();
  } finally {
    if (before === undefined) delete process.env.BACKGROUND_PRIORITY;
    else process.env.BACKGROUND_PRIORITY = before;
    await stopPhotoWorker();
  }
}

/** The pids of this process's photo workers once they run Node, from /proc (the app exposes none). */
function photoWorkerPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        // Node running the worker, not chrt before its exec: chrt sets the policy just before it
        // execs, so a pid whose program is still chrt may show the normal policy for a moment.
        const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return (
          ppid === process.pid &&
          program === process.execPath &&
          args.some((arg) => arg.includes('photo-worker.ts'))
        );
      } catch {
        return false; // gone meanwhile
      }
    });
}

import { PHOTO_FILES } from './photos.keys.ts';

/*
 * The pipeline's own checks (sizes, formats, metadata, orientation) are tested through the upload
 * routes (photos.routes.test.ts); these are the worker's: the files and errors come back whole,
 * and a worker that dies takes no later upload with it.
 */
/** The bytes as an upload arrives at the worker: a file (photos.upload.ts). */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'photo-worker-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let files = 0;
function asUpload(bytes: Buffer): PhotoFile {
  const file = path.join(tmp, `upload-${files++}`);
  writeFileSync(file, bytes);
  return { file, bytes: bytes.length };
}
const processBytes = (bytes: Buffer) => processPhoto(asUpload(bytes));

describe('the photo worker', () => {
  it('answers every file as a Buffer, photos at once each with their own', async () => {
    const [wide, tall] = await Promise.all([
      makeTestJpeg(1600, 900).then(processBytes),
      makeTestJpeg(900, 1600).then(processBytes),
    ]);
    expect([wide?.width, wide?.height, tall?.width, tall?.height]).toEqual([1200, 675, 675, 1200]);
    for (const size of PHOTO_FILES) {
      expect(Buffer.isBuffer(wide?.files[size])).toBe(true);
      expect(wide?.files[size].subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it("gives back the pipeline's refusals as the same errors", async () => {
    await expect(processBytes(Buffer.from('not a photo at all'))).rejects.toMatchObject({
      code: 'photo_not_an_image',
      statusCode: 415,
    });
    await expect(processBytes(await makeTestPng(100, 100))).rejects.toMatchObject({
      code: 'photo_too_small',
      statusCode: 422,
      details: { min_px: expect.any(Number) },
    });
  });

  /** The kernel's own account of the worker's scheduling: policy 5 is SCHED_IDLE, 0 the normal one. */
  const workerScheduling = () => {
    const [pid, ...others] = photoWorkerPids();
    expect(others).toEqual([]);
    const policy = Number(/^policy\s*:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/sched`, 'utf8'))?.[1]);
    return { policy, nice: os.getPriority(pid) };
  };

  it('runs at a lower priority than the app: SCHED_IDLE, or a nice level without chrt', async () => {
    await withPriority('idle', async () => {
      // Only the worker's start is waited for: on a machine whose cores are taken (the suite's
      // own load), an idle-priority worker may not get to the photo before the test ends, by design.
      const processing = processBytes(await makeTestJpeg(800, 800)).catch(() => undefined);
      await vi.waitUntil(() => photoWorkerPids().length > 0, { timeout: 10_000, interval: 10 });
      const scheduling = workerScheduling();
      if (photoWorkerPolicy() === 'idle') expect(scheduling.policy).toBe(5);
      else expect(scheduling.nice).toBe(Math.min(19, os.getPriority() + PHOTO_WORKER_NICENESS));
      await stopPhotoWorker();
      await processing;
    });
  });

  it('finds chrt on Debian, so the worker runs at SCHED_IDLE here', async () => {
    await withPriority('idle', async () => expect(photoWorkerPolicy()).toBe('idle'));
  });

  it("runs at the app's own priority with BACKGROUND_PRIORITY=normal (the test suites)", async () => {
    await withPriority('normal', async () => {
      await processBytes(await makeTestJpeg(800, 800));
      expect(workerScheduling()).toEqual({ policy: 0, nice: os.getPriority() });
    });
  });

  it('starts a new worker after the last one ended', async () => {
    await stopPhotoWorker();
    const photo = await processBytes(await makeTestJpeg(800, 800));
    expect(photo.width).toBe(800);
  });
});
