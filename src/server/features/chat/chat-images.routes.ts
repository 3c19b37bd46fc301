import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChatImageSize } from '../../../shared/contracts/chat.ts';
import {
  ChatPhotoFieldsSchema,
  ChatPhotoFormSchema,
  ChatPhotoResponseSchema,
} from '../../../shared/contracts/chat-photos.ts';
import { notFound, parseOrFail } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { sendStoredImage } from '../media/media.reply.ts';
import { readPhotoUpload, registerPhotoMultipart, uploadsDir } from '../photos/photos.upload.ts';
import { presentChatImage } from './chat.presenter.ts';
import { chatImageFileFor, uploadChatImage } from './chat-images.service.ts';

/**
 * The browser keeps a served image but asks again each time (with its ETag): the access check runs
 * on every view, so a block or a logout ends it, and an unchanged file costs a 304. Never `public`:
 * no shared cache or CDN may hold it.
 */
const CHAT_IMAGE_CACHE_CONTROL = 'private, no-cache';
/** Every refusal carries this, so no answer about an image is kept on the way. */
const REFUSED_CACHE_CONTROL = 'private, no-store';
const CHAT_IMAGE_FILE = /^(medium|large)\.webp$/;
const CHAT_IMAGE_ID = /^[1-9]\d{0,14}$/;

export function chatImageRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    await registerPhotoMultipart(app);

    app.post(
      '/api/chat-photo.php',
      {
        // A visitor is refused before the body is read: their upload costs no parsing.
        config: {
          actor: 'member',
          rateLimit: { max: services.env.photoUploadRateLimit, timeWindow: '1 hour', per: 'session' },
        },
        schema: {
          tags: ['chat'],
          summary: 'Upload a photo to send in a chat',
          description:
            'multipart/form-data with the target in `to` (a member) or `conversation`, then the file in ' +
            '`photo` (as for /api/photos.php: JPEG, PNG, WebP, or HEIC where the server can decode it; at ' +
            'most 20 MB and 50 megapixels, sides at least 200 px; metadata is removed). Refused like a ' +
            'send to that target when the caller may not write there. Send it with POST ' +
            "/api/chat-message.php `{ kind: 'image', image: { id } }`; an upload not sent within a day is " +
            'removed. Refusals: photo_not_an_image 415, photo_too_large 413, photo_too_many_pixels 422, ' +
            'photo_too_small 422, and those of the send (member_not_found, conversation_not_found, ...).',
          consumes: ['multipart/form-data'],
          // For the document only: the parts are read as a stream, so there is no parsed body to check.
          body: ChatPhotoFormSchema,
          response: { 200: ChatPhotoResponseSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        const { photo, dispose, fields } = await readPhotoUpload(app, request, {
          file: 'photo',
          fields: ['to', 'conversation'],
          tooMany: 'Send one photo and the field to or conversation.',
          dir: uploadsDir(services.env.dataDir),
        });
        try {
          const { to, conversation } = parseOrFail(ChatPhotoFieldsSchema, fields);
          const target = conversation !== undefined ? { conversationId: conversation } : { to: to ?? 0 };
          const image = await uploadChatImage(services, viewer, target, photo);
          return { image: presentChatImage(image) };
        } finally {
          await dispose();
        }
      },
    );

    app.get(
      '/media/chat/:id/:file',
      {
        schema: { hide: true, params: z.object({ id: z.string(), file: z.string() }) },
        config: { actor: 'any' },
      },
      async (request, reply) => {
        reply.header('cache-control', REFUSED_CACHE_CONTROL);
        const { id, file } = request.params;
        const size = CHAT_IMAGE_FILE.exec(file)?.[1] as ChatImageSize | undefined;
        // Any malformed address answers like an unknown image.
        if (!size || !CHAT_IMAGE_ID.test(id)) throw notFound();
        const { key, etag } = await chatImageFileFor(services, request.viewer, Number(id), size);
        return sendStoredImage(services, request, reply, {
          key,
          etag,
          cacheControl: CHAT_IMAGE_CACHE_CONTROL,
        });
      },
    );
  };
}
