import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { privateFileOwner } from '../photos/photos.keys.ts';
import { maySeePrivatePhotos } from '../photos/photos.service.ts';

const PUBLIC_KEY = /^p\/\d+\/\d+-(thumb|medium|large|blur)\.webp$/;

/**
 * Serves media under settings.cdn_prefix. Keys under `p/` are public and cached for a year.
 * Keys under `x/` (sizes of private photos) are the second lock behind the presenters, which never
 * send them to a viewer who may not see them: only the owner and premium members (not blocked either
 * way) get the bytes; another member gets 403 and a visitor 404, and nothing private is cached on the way.
 */
export function mediaRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/*',
      { schema: { hide: true, params: z.object({ '*': z.string() }) } },
      async (request, reply) => {
        const key = request.params['*'];
        if (PUBLIC_KEY.test(key)) {
          const data = await services.storage.get(key);
          if (!data) throw notFound();
          return reply
            .header('content-type', 'image/webp')
            .header('cache-control', 'public, max-age=31536000, immutable')
            .send(data);
        }
        const ownerId = privateFileOwner(key);
        if (ownerId === null) throw notFound();
        reply.header('cache-control', 'private, no-store');
        const viewer = await request.session();
        if (!viewer) throw notFound();
        if (!(await maySeePrivatePhotos(services, viewer.user, ownerId)))
          throw new AppError('forbidden', 403, 'Private photos are shown to premium members only');
        const data = await services.storage.get(key);
        if (!data) throw notFound();
        return reply.header('content-type', 'image/webp').send(data);
      },
    );
  };
}
