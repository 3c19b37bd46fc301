import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  BlockedMembersQuerySchema,
  BlockedMembersResponseSchema,
  BlockInputSchema,
} from '../../../shared/contracts/members.ts';
import { badRequest } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import type { AppServices } from '../../services.ts';
import { settingsFor } from '../settings/settings.service.ts';
import { listBlockedMembers } from './blocked-members.service.ts';
import { presentBlockedMembers } from './blocks.presenter.ts';
import { blockMember, unblockMember } from './blocks.service.ts';

export function blocksRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/block.php',
      {
        schema: {
          tags: ['members'],
          summary: 'Block a member: neither sees the other any more (idempotent)',
          body: BlockInputSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        await blockMember(services.db, viewer, request.body.id);
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/block.php',
      {
        schema: {
          tags: ['members'],
          summary: 'Unblock a member (idempotent); the id comes in the body or as ?id=',
          querystring: z.object({ id: z.coerce.number().int().positive().optional() }),
          // Without a body Fastify hands over null.
          body: BlockInputSchema.nullish(),
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        // Before the id is looked for: a visitor is refused whatever they sent.
        authorize(viewer, 'member.unblock');
        const id = request.body?.id ?? request.query.id;
        if (id === undefined) throw badRequest('The member id is missing', { id: ['required'] });
        await unblockMember(services.db, viewer, id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/blocks.php',
      {
        schema: {
          tags: ['members'],
          summary:
            "The caller's own blocks, newest first, a page at a time (settings: unblock from the list)",
          querystring: BlockedMembersQuerySchema,
          response: { 200: BlockedMembersResponseSchema },
        },
        // Listing one's blocks is what unblocking needs: a member, nothing read before.
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        const [page, settings] = await Promise.all([
          listBlockedMembers(services.db, viewer, request.query.cursor),
          settingsFor(services, request.ctx),
        ]);
        reply.header('cache-control', 'no-store');
        return presentBlockedMembers(page, services.now(), settings.visible_profile_fields);
      },
    );
  };
}
