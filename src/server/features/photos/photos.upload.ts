import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '../../../shared/contracts/photos.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
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
};

/** The photo's bytes and the named text fields of a multipart upload. */
export async function readPhotoUpload<F extends string>(
  app: FastifyInstance,
  request: FastifyRequest,
  shape: UploadShape<F>,
): Promise<{ bytes: Buffer; fields: Partial<Record<F, string>> }> {
  const missing = () => badRequest(`Send the photo as multipart/form-data in the field ${shape.file}.`);
  if (!request.isMultipart()) throw missing();
  let bytes: Buffer | undefined;
  const fields: Partial<Record<F, string>> = {};
  const wanted = new Set<string>(shape.fields);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === shape.file) bytes = await part.toBuffer();
        else part.file.resume();
      } else if (wanted.has(part.fieldname)) {
        fields[part.fieldname as F] = String(part.value);
      }
    }
  } catch (error) {
    // The file stops at PHOTO_MAX_BYTES + 1: over the limit, never read whole into memory.
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw photoTooLarge();
    throw unreadableUpload(error, shape.tooMany);
  }
  if (!bytes) throw missing();
  return { bytes, fields };
}
