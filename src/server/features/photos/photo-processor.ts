import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { PHOTO_MAX_BYTES } from '../../../shared/contracts/photos.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { AppError } from '../../plugins/errors.ts';
import { PHOTO_FILES, type PhotoSize } from './photos.keys.ts';
import { type ProcessedPhoto, photoTooLarge } from './photos.pipeline.ts';

/** A photo to process: an upload streamed to a file (photos.upload.ts), and its size in bytes. */
export type PhotoFile = { file: string; bytes: number };

/** What the app sends the worker: the file's path. The worker reads it; its bytes never pass through the app. */
export type PhotoJob = { id: number; file: string };
type WireError = { code?: ErrorCode; statusCode?: number; message: string; details?: unknown };
type WirePhoto = Omit<ProcessedPhoto, 'files'> & { files: Record<PhotoSize, Uint8Array> };
export type PhotoJobAnswer =
  | { id: number; ok: true; photo: WirePhoto }
  | { id: number; ok: false; error: WireError };

/**
 * Where `chrt` is missing (util-linux, on every Debian): the worker's niceness above the app's own,
 * 10 (capped at 19). A nice task still takes a share of the cores, and a woken chat request may
 * wait for it to use up its slice.
 */
export const PHOTO_WORKER_NICENESS = 10;

let policy: 'idle' | 'nice' | 'normal' | undefined;

/**
 * How the worker is kept out of the chat's way (docs/decisions/0036, addendum): SCHED_IDLE, started
 * through `chrt --idle 0`, so it runs only on a core that nothing else wants and any woken request
 * or PostgreSQL backend takes the core from it at once; an upload on an idle machine still gets
 * both cores. A nice level where chrt is missing. BACKGROUND_PRIORITY=normal (validated by env.ts):
 * the app's own priority (test suites).
 */
export function photoWorkerPolicy(): 'idle' | 'nice' | 'normal' {
  if (process.env.BACKGROUND_PRIORITY === 'normal') return 'normal';
  policy ??= spawnSync('chrt', ['--idle', '0', 'true']).status === 0 ? 'idle' : 'nice';
  return policy;
}

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

type Pending = {
  worker: ChildProcess;
  resolve: (photo: ProcessedPhoto) => void;
  reject: (error: Error) => void;
};

let worker: ChildProcess | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** A worker that died fails its own photos (a new one may already be working on others). */
function failJobsOf(child: ChildProcess, error: Error) {
  for (const [id, job] of pending)
    if (job.worker === child) {
      pending.delete(id);
      job.reject(error);
    }
  holdOpen();
}

/**
 * The channel holds the app open only while a photo is on its way: an idle worker must not keep a
 * finished process (a script, a test file) alive, and the worker ends when the channel closes.
 */
function holdOpen() {
  if (pending.size > 0) worker?.channel?.ref();
  else worker?.channel?.unref();
}

function answer(message: PhotoJobAnswer) {
  const job = pending.get(message.id);
  if (!job) return;
  pending.delete(message.id);
  holdOpen();
  if (message.ok) {
    const files = Object.fromEntries(
      PHOTO_FILES.map((size) => [size, toBuffer(message.photo.files[size])]),
    ) as Record<PhotoSize, Buffer>;
    job.resolve({ ...message.photo, files });
    return;
  }
  const { code, statusCode, message: text, details } = message.error;
  job.reject(code && statusCode ? new AppError(code, statusCode, text, details) : new Error(text));
}

/** The worker, started on the first upload and again after it died. */
function workerProcess(): ChildProcess {
  if (worker?.connected) return worker;
  const script = fileURLToPath(new URL('./photo-worker.ts', import.meta.url));
  // Not the parent's flags (a test runner's loader, an inspector port): a plain Node process.
  const options: SpawnOptions = { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] };
  const idle = photoWorkerPolicy() === 'idle';
  const child = idle
    ? spawn('chrt', ['--idle', '0', process.execPath, script], options)
    : spawn(process.execPath, [script], options);
  if (photoWorkerPolicy() === 'nice' && child.pid !== undefined) {
    try {
      os.setPriority(child.pid, Math.min(19, os.getPriority() + PHOTO_WORKER_NICENESS));
    } catch {
      // A container that forbids it: the photos still work, at the app's priority.
    }
  }
  child.on('message', answer);
  child.on('exit', (code, signal) => {
    if (worker === child) worker = null;
    failJobsOf(
      child,
      new Error(`the photo worker ended (${signal ?? code}) while photos were being processed`),
    );
  });
  // The app may exit while the worker lives (holdOpen holds the channel only while it works).
  child.unref();
  worker = child;
  holdOpen();
  return child;
}

/**
 * Checks an upload and turns it into the stored files (photos.pipeline.ts), in the photo worker:
 * decoding a 12-megapixel photo and encoding four WebP files keeps both cores busy for about a
 * second, and in the app's own process that second is taken from every chat message and page
 * (docs/performance.md, the chat with photo uploads). The worker runs at a lower priority, so the
 * event loop and PostgreSQL are scheduled first and the photo takes what is left.
 */
export function processPhoto(photo: PhotoFile): Promise<ProcessedPhoto> {
  // Refused before the worker reads a byte.
  if (photo.bytes > PHOTO_MAX_BYTES) return Promise.reject(photoTooLarge());
  const child = workerProcess();
  const id = nextId++;
  return new Promise<ProcessedPhoto>((resolve, reject) => {
    pending.set(id, { worker: child, resolve, reject });
    holdOpen();
    child.send({ id, file: photo.file } satisfies PhotoJob, (error) => {
      if (!error) return;
      pending.delete(id);
      holdOpen();
      reject(error);
    });
  });
}

/** Ends the worker (a test that wants a fresh one); resolves once it has exited. */
export async function stopPhotoWorker(): Promise<void> {
  const child = worker;
  worker = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}
