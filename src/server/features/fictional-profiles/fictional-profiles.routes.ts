import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  FictionalPhotoImageQuerySchema,
  FictionalPhotoUpdateSchema,
  FictionalProfileCreateSchema,
  FictionalProfileIdQuerySchema,
  FictionalProfileListQuerySchema,
  FictionalProfileListSchema,
  FictionalProfileResponseSchema,
  FictionalProfileUpdateSchema,
  FictionalProfileVisibilitySchema,
} from '../../../shared/contracts/fictional-profiles.ts';
import type { StaffViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { sendStoredImage } from '../media/media.reply.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import { readPhotoUpload, registerPhotoMultipart, uploadsDir } from '../photos/photos.upload.ts';
import { auditActorOf, registerBackOfficeRequests, requireStaff } from '../staff/staff-request.ts';
import { presentFictionalList, presentFictionalProfile } from './fictional-profiles.presenter.ts';
import {
  createFictionalProfile,
  deleteFictionalPhoto,
  findFictionalPhotoKey,
  listFictionalProfiles,
  makeFictionalPhotoMain,
  readFictionalProfile,
  setFictionalProfileHidden,
  updateFictionalProfile,
  uploadFictionalPhoto,
} from './fictional-profiles.service.ts';

const RIGHT = { actor: 'staff', right: 'profiles.manage' } as const;

const UploadFormSchema = z
  .object({ photo: z.string().meta({ format: 'binary', description: 'The image file' }) })
  .nullish();

/** The back office's fictional profiles (admins): list, create, edit, hide and show, photos. */
export function fictionalProfilesRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    registerBackOfficeRequests(app, services);
    await registerPhotoMultipart(app);

    /** Who acts, for the services: the viewer the route's right let in, and the audit's "who". */
    const staffOf = async (request: FastifyRequest, viewer: StaffViewer) => ({
      viewer,
      audit: auditActorOf(await requireStaff(request), request),
    });
    /** The profile as the edit page shows it, after a change. */
    const detail = async (viewer: StaffViewer, id: number) => ({
      profile: presentFictionalProfile(await readFictionalProfile(services.db, viewer, id), services.now()),
    });

    app.get(
      '/api/admin/fictional-profiles.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary: 'Fictional profiles, newest first, by country and language (admins)',
          querystring: FictionalProfileListQuerySchema,
          response: { 200: FictionalProfileListSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return presentFictionalList(
          await listFictionalProfiles(services.db, request.viewer, request.query),
          services.now(),
        );
      },
    );

    app.post(
      '/api/admin/fictional-profiles.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary: 'Create a fictional profile: a member without a login, with the profile rules of members',
          body: FictionalProfileCreateSchema,
          response: { 200: FictionalProfileResponseSchema },
        },
      },
      async (request) => {
        const id = await createFictionalProfile(
          services,
          await staffOf(request, request.viewer),
          request.body,
          request.ctx.domain,
        );
        return detail(request.viewer, id);
      },
    );

    app.get(
      '/api/admin/fictional-profile.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary: 'A fictional profile with every field and its photos (admins)',
          querystring: FictionalProfileIdQuerySchema,
          response: { 200: FictionalProfileResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return detail(request.viewer, request.query.id);
      },
    );

    app.put(
      '/api/admin/fictional-profile.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary: "Change a fictional profile's fields (any subset)",
          querystring: FictionalProfileIdQuerySchema,
          body: FictionalProfileUpdateSchema,
          response: { 200: FictionalProfileResponseSchema },
        },
      },
      async (request) => {
        await updateFictionalProfile(
          services,
          await staffOf(request, request.viewer),
          request.query.id,
          request.body,
          request.ctx.domain,
        );
        return detail(request.viewer, request.query.id);
      },
    );

    app.post(
      '/api/admin/fictional-profile-visibility.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary:
            'Hide a fictional profile from members (search, likes, swipe game, match finder) or show it ' +
            'again; its conversations stay readable',
          body: FictionalProfileVisibilitySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await setFictionalProfileHidden(
          services,
          await staffOf(request, request.viewer),
          request.body.id,
          request.body.hidden,
        );
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/fictional-profile-photos.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary: 'Upload a photo of a fictional profile: approved at once, public; the first becomes main',
          description:
            "multipart/form-data with the file in the field `photo`, as the members' upload takes it " +
            '(the same pipeline and refusals).',
          consumes: ['multipart/form-data'],
          querystring: FictionalProfileIdQuerySchema,
          // For the document only: the parts are read as a stream.
          body: UploadFormSchema,
          response: { 200: FictionalProfileResponseSchema },
        },
      },
      async (request) => {
        const staff = await staffOf(request, request.viewer);
        const upload = await readPhotoUpload(app, request, {
          file: 'photo',
          fields: [],
          tooMany: 'Send one photo.',
          dir: uploadsDir(services.env.dataDir),
        });
        try {
          await uploadFictionalPhoto(services, staff, request.query.id, upload.photo);
        } finally {
          await upload.dispose();
        }
        return detail(request.viewer, request.query.id);
      },
    );

    app.put(
      '/api/admin/fictional-profile-photo.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary: "Make a photo the fictional profile's main photo",
          querystring: FictionalProfileIdQuerySchema,
          body: FictionalPhotoUpdateSchema,
          response: { 200: FictionalProfileResponseSchema },
        },
      },
      async (request) => {
        const { photo } = await makeFictionalPhotoMain(
          services,
          await staffOf(request, request.viewer),
          request.query.id,
        );
        return detail(request.viewer, photo.userId);
      },
    );

    app.delete(
      '/api/admin/fictional-profile-photo.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary: "Delete a fictional profile's photo; the next one becomes main",
          querystring: FictionalProfileIdQuerySchema,
          response: { 200: FictionalProfileResponseSchema },
        },
      },
      async (request) => {
        const profileId = await deleteFictionalPhoto(
          services,
          await staffOf(request, request.viewer),
          request.query.id,
        );
        return detail(request.viewer, profileId);
      },
    );

    app.get(
      '/api/admin/fictional-profile-photo-image.php',
      {
        config: RIGHT,
        schema: {
          tags: ['admin'],
          summary: "A fictional profile's photo for the back office, hidden profile or not (admins)",
          querystring: FictionalPhotoImageQuerySchema,
        },
      },
      async (request, reply) => {
        const storageKey = await findFictionalPhotoKey(services.db, request.viewer, request.query.id);
        const key = photoFileKey(storageKey, request.query.size);
        return sendStoredImage(services, request, reply, {
          key,
          etag: `"${key.split('/').at(-1)}"`,
          cacheControl: 'private, no-store',
        });
      },
    );
  };
}
