import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { parseMediaFileKey } from '../photos/photos.keys.ts';
import { sendStoredImage } from './media.reply.ts';
import { decideMediaAccess } from './media.service.ts';

/**
 * Shared caches and browsers keep a public photo this long (docs/decisions/0014): once its owner
 * is hidden, the photo is gone from every cache within ten minutes. The ETag makes the revalidation
 * after that a 304 without reading the file.
 */
const PUBLIC_MEDIA_CACHE_CONTROL = 'public, max-age=600';
const PRIVATE_MEDIA_CACHE_CONTROL = 'private, no-store';

/**
 * Serves media under settings.cdn_prefix. Only keys of the current layout (a random secret per
 * photo) are served; media.service.ts decides who gets which. The presenters are the first lock,
 * this route the second: a 404 here looks the same for a missing file, an unknown member and a
 * hidden one.
 */
export function mediaRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/*',
      { schema: { hide: true, params: z.object({ '*': z.string() }) } },
      async (request, reply) => {
        const key = request.params['*'];
        // Every refusal carries this too, so no answer about a file is kept on the way.
        reply.header('cache-control', PRIVATE_MEDIA_CACHE_CONTROL);
        const file = parseMediaFileKey(key);
        if (!file) throw notFound();
        const access = await decideMediaAccess(services, file, () => request.session());
        if (access === 'public')
          return sendStoredImage(services, request, reply, {
            key,
            etag: `"${file.tag}"`,
            cacheControl: PUBLIC_MEDIA_CACHE_CONTROL,
          });
        const data = await services.storage.get(key);
        if (!data) throw notFound();
        return reply.header('content-type', 'image/webp').send(data);
      },
    );
  };
}
