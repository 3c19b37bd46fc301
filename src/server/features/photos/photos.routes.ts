import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type OwnPhotosResponse,
  OwnPhotosResponseSchema,
  PhotoIdQuerySchema,
  PhotoResponseSchema,
  PhotoUpdateSchema,
} from '../../../shared/contracts/photos.ts';
import { authorize, authorizeActor } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { presentOwnPhoto, presentOwnPhotos } from './photos.presenter.ts';
import * as photosService from './photos.service.ts';
import { readPhotoUpload, registerPhotoMultipart, uploadsDir } from './photos.upload.ts';

const TRUE_VALUES = new Set(['1', 'true', 'on', 'yes']);

const UploadFormSchema = z
  .object({
    photo: z.string().meta({ format: 'binary', description: 'The image file' }),
    private: z.enum(['true', 'false']).optional(),
  })
  .nullish();

/** The `photo` file and the optional `private` field, in whichever order the form sends them. */
async function readUpload(app: FastifyInstance, request: FastifyRequest, dataDir: string) {
  const { photo, dispose, fields } = await readPhotoUpload(app, request, {
    file: 'photo',
    fields: ['private'],
    tooMany: 'Send one photo and at most the field private.',
    dir: uploadsDir(dataDir),
  });
  return { photo, dispose, isPrivate: TRUE_VALUES.has((fields.private ?? '').toLowerCase()) };
}

/** The member's own photos as GET /api/photos.php answers them (also what /profile renders first). */
export async function readOwnPhotos(
  services: AppServices,
  session: ActiveSession | null,
): Promise<OwnPhotosResponse> {
  const viewer = viewerOf(session);
  authorizeActor(viewer, 'photo.edit');
  return presentOwnPhotos(await photosService.listOwnPhotos(services, viewer));
}

export function photosRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    await registerPhotoMultipart(app);

    app.get(
      '/api/photos.php',
      {
        schema: {
          tags: ['photos'],
          summary: "The member's own photos, main photo and photo limit",
          response: { 200: OwnPhotosResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return readOwnPhotos(services, request.memberSession);
      },
    );

    app.post(
      '/api/photos.php',
      {
        config: {
          actor: 'member',
          // Per member: members behind one address (an office, a phone carrier) do not share it.
          rateLimit: { max: services.env.photoUploadRateLimit, timeWindow: '1 hour', per: 'member' },
        },
        schema: {
          tags: ['photos'],
          summary: 'Upload a photo',
          description:
            'multipart/form-data with the file in the field `photo` (JPEG, PNG, WebP, or HEIC where the ' +
            'server can decode it; at most 20 MB and 50 megapixels, sides at least 200 px) and an optional ' +
            'field `private` (true/false). Refusals: photo_not_an_image 415, photo_too_large 413, ' +
            'photo_too_many_pixels 422, photo_too_small 422, photo_limit_reached 403. ' +
            'The first public photo becomes the main photo.',
          consumes: ['multipart/form-data'],
          // For the document only: the parts are read as a stream, so there is no parsed body to check.
          body: UploadFormSchema,
          response: { 200: PhotoResponseSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        // Before the body is read: a refused upload costs no parsing.
        authorize(viewer, 'photo.upload');
        const upload = await readUpload(app, request, services.env.dataDir);
        try {
          const { photo, isMain } = await photosService.uploadPhoto(services, viewer, upload.photo, {
            private: upload.isPrivate,
          });
          return { photo: presentOwnPhoto(photo, isMain) };
        } finally {
          await upload.dispose();
        }
      },
    );

    app.put(
      '/api/photo.php',
      {
        schema: {
          tags: ['photos'],
          summary: 'Mark one of your photos private or public, or make it the main photo',
          description:
            'The main photo is always public: a private photo cannot be made main (400), and making the ' +
            'main photo private hands the role to the next public photo. Send both to publish and promote.',
          querystring: PhotoIdQuerySchema,
          body: PhotoUpdateSchema,
          response: { 200: PhotoResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        const { photo, isMain } = await photosService.updatePhoto(
          services,
          viewer,
          request.query.id,
          request.body,
        );
        return { photo: presentOwnPhoto(photo, isMain) };
      },
    );

    app.delete(
      '/api/photo.php',
      {
        schema: {
          tags: ['photos'],
          summary: 'Delete one of your photos; answers with the remaining photos',
          querystring: PhotoIdQuerySchema,
          response: { 200: OwnPhotosResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        return presentOwnPhotos(await photosService.deletePhoto(services, viewer, request.query.id));
      },
    );
  };
}
