/**
 * The photo worker: a child process of the app that decodes and encodes uploads
 * (photos.pipeline.ts) at a lower CPU priority (docs/decisions/0036). It answers one message per
 * photo, and ends when the app does (the IPC channel closes).
 */
import { readFile } from 'node:fs/promises';
import { AppError } from '../../plugins/errors.ts';
import type { PhotoJob, PhotoJobAnswer } from './photo-processor.ts';
import { processPhotoHere } from './photos.pipeline.ts';

const send = (answer: PhotoJobAnswer) => process.send?.(answer);

process.on('message', (job: PhotoJob) => {
  readFile(job.file)
    .then(processPhotoHere)
    .then(
      (photo) => send({ id: job.id, ok: true, photo }),
      (error: unknown) =>
        send({
          id: job.id,
          ok: false,
          error:
            error instanceof AppError
              ? {
                  code: error.code,
                  statusCode: error.statusCode,
                  message: error.message,
                  details: error.details,
                }
              : { message: error instanceof Error ? error.message : String(error) },
        }),
    );
});
process.on('disconnect', () => process.exit(0));
