import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { isPublicKey } from '../photos/photos.keys.ts';

const KEY_PATTERN = /^p\/\d+\/\d+-(thumb|medium|large|blur)\.webp$/;

/**
 * Serves public media under settings.cdn_prefix. Only keys under `p/` exist here: originals of
 * private photos (`x/`) are never reachable through this route, whoever asks.
 */
export function mediaRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/*',
      { schema: { hide: true, params: z.object({ '*': z.string() }) } },
      async (request, reply) => {
        const key = request.params['*'];
        if (!isPublicKey(key) || !KEY_PATTERN.test(key)) throw notFound();
        const data = await services.storage.get(key);
        if (!data) throw notFound();
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(data);
      },
    );
  };
}
