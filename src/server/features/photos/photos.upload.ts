import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PHOTO_MAX_BYTES } from '../../../shared/contracts/photos.ts';
import { defineJob } from '../../lib/jobs.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { PhotoFile } from './photo-processor.ts';
import { photoTooLarge } from './photos.pipeline.ts';

/**
 * The multipart side of every photo upload (the profile's and the chat's), so both take the same
 * bodies with the same limits and answer the same codes: one file of at most PHOTO_MAX_BYTES and a
 * few short text fields.
 */
export async function registerPhotoMultipart(app: FastifyInstance): Promise<void> {
  // Registered inside the caller's plugin scope: only those routes take multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 100, parts: 5 },
  });
}

/**
 * Everything else that stops the parts is the body's fault, never the server's: busboy's plain
 * errors (a body that does not match its boundary, no boundary at all, a part cut short) and the
 * plugin's own limits. They carry no code of ours, so they would otherwise leave as a 500.
 */
function unreadableUpload(error: unknown, tooMany: string): AppError {
  if (error instanceof AppError) return error;
  if ((error as { statusCode?: unknown })?.statusCode === 413)
    return new AppError('payload_too_large', 413, tooMany);
  return badRequest('The multipart/form-data body could not be read.');
}

type UploadShape<F extends string> = {
  /** The name of the file field. */
  file: string;
  /** The text fields read (others are ignored), in whichever order the form sends them. */
  fields: readonly F[];
  /** The 413 text when the body has more parts than the limits allow. */
  tooMany: string;
  /** Where the file is kept while it is processed: uploadsDir(DATA_DIR). */
  dir: string;
};

/** The folder of uploads being processed, in DATA_DIR (on the disk the photos are stored on). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** An upload file this old belongs to no request any more (a crash between writing and removing it). */
export const ABANDONED_UPLOAD_MS = 3_600_000;

/** Every hour: the upload files a crashed instance left behind (sweepAbandonedUploads). */
export const UPLOADS_SWEEP_JOB = defineJob({
  name: 'photo-uploads-sweep',
  payload: z.object({}),
  cron: '47 * * * *',
  maxAttempts: 2,
});

/**
 * Removes the upload files older than ABANDONED_UPLOAD_MS: a request removes its own when done, so
 * only a crash leaves one. Files of requests still running (on any instance sharing DATA_DIR) are
 * younger. Answers how many went.
 */
export async function sweepAbandonedUploads(dataDir: string, now: Date): Promise<number> {
  const dir = uploadsDir(dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || now.getTime() - stat.mtimeMs < ABANDONED_UPLOAD_MS) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** An upload's file on disk, for the photo worker to read; removed by dispose(). */
type UploadedFile = { photo: PhotoFile; dispose: () => Promise<void> };

/**
 * The file part, streamed to a temporary file as it arrives: the app never holds a 5 MB upload in
 * memory (nor copies it to the worker), which made a full garbage collection every 0.5–1 s while
 * photos were uploaded, each pausing every request (docs/performance.md, the chat with photos).
 */
async function saveFilePart(
  file: NodeJS.ReadableStream & { truncated?: boolean },
  dir: string,
): Promise<UploadedFile> {
  await fs.mkdir(dir, { recursive: true });
  const saved = path.join(dir, `photo-${randomBytes(12).toString('hex')}`);
  const dispose = () => fs.rm(saved, { force: true });
  try {
    await pipeline(file, createWriteStream(saved, { mode: 0o600 }));
    // The file stops at PHOTO_MAX_BYTES + 1: over the limit, never written whole.
    if (file.truncated) throw photoTooLarge();
    const { size } = await fs.stat(saved);
    return { photo: { file: saved, bytes: size }, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * The photo of a multipart upload (on disk, `dispose` removes it: call it when done, also on
 * failure) and the named text fields.
 */
export async function readPhotoUpload<F extends string>(
  app: FastifyInstance,
  request: FastifyRequest,
  shape: UploadShape<F>,
): Promise<UploadedFile & { fields: Partial<Record<F, string>> }> {
  const missing = () => badRequest(`Send the photo as multipart/form-data in the field ${shape.file}.`);
  if (!request.isMultipart()) throw missing();
  let upload: UploadedFile | undefined;
  const fields: Partial<Record<F, string>> = {};
  const wanted = new Set<string>(shape.fields);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === shape.file && !upload) upload = await saveFilePart(part.file, shape.dir);
        else part.file.resume();
      } else if (wanted.has(part.fieldname)) {
        fields[part.fieldname as F] = String(part.value);
      }
    }
  } catch (error) {
    await upload?.dispose();
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw photoTooLarge();
    throw unreadableUpload(error, shape.tooMany);
  }
  if (!upload) throw missing();
  return { ...upload, fields };
}
