import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';

/**
 * Answers a stored WebP image with its ETag, once the caller has decided the viewer may have it:
 * a 304 when the browser's copy is still the one under the key (the file's bytes never change, but
 * a deleted file must not live on as a 304), a 404 like an unknown file when it is gone.
 */
export async function sendStoredImage(
  services: Pick<AppServices, 'storage'>,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; etag: string; cacheControl: string },
) {
  if (request.headers['if-none-match'] === file.etag && (await services.storage.exists(file.key)))
    return reply.code(304).header('cache-control', file.cacheControl).header('etag', file.etag).send();
  const data = await services.storage.get(file.key);
  if (!data) throw notFound();
  return reply
    .header('content-type', 'image/webp')
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag)
    .send(data);
}
