import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GIFTS_MAX_AGE_SECONDS, GiftsResponseSchema } from '../../../shared/contracts/gifts.ts';
import type { AppServices } from '../../services.ts';
import { settingsFor } from '../settings/settings.service.ts';
import { presentGifts } from './gifts.presenter.ts';
import { listGifts } from './gifts.service.ts';

export function giftsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/gifts.php',
      {
        schema: {
          tags: ['chat'],
          summary:
            "The gifts a member can send (the composer's and the profile's gift picker): names in the caller's language, prices in credits",
          response: { 200: GiftsResponseSchema },
        },
        // Gifts are sent in conversations: whoever may use them may see what they can send.
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const [rows, settings] = await Promise.all([listGifts(services), settingsFor(services, request.ctx)]);
        // Per member (the language and the domain's prices follow the session): private.
        reply.header('cache-control', `private, max-age=${GIFTS_MAX_AGE_SECONDS}`);
        return { gifts: presentGifts(rows, request.ctx.locale, settings.gift_credits) };
      },
    );
  };
}
