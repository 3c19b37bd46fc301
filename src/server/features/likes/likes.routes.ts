import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../shared/contracts/auth.ts';
import {
  AutoLikeResponseSchema,
  LikeInputSchema,
  LikeResponseSchema,
  type LikesListName,
  LikesListQuerySchema,
  type LikesListResponse,
  LikesListResponseSchema,
  LikesResponseSchema,
} from '../../../shared/contracts/likes.ts';
import { badRequest } from '../../plugins/errors.ts';
import { authorize, authorizeActor } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { presentMemberCard } from '../members/members.presenter.ts';
import { settingsFor } from '../settings/settings.service.ts';
import { autoLike } from './auto-like.service.ts';
import { presentLikes, presentLikesPage } from './likes.presenter.ts';
import { likeMember, likesPage, listLikes, markLikeSeen, unlikeMember } from './likes.service.ts';

/** One page of a likes tab as GET /api/likes-list.php answers it (also the first page /likes renders). */
export async function readLikesPage(
  services: AppServices,
  visitor: FastifyRequest['ctx'],
  session: ActiveSession | null,
  list: LikesListName,
  cursor?: string,
): Promise<LikesListResponse> {
  const viewer = viewerOf(session);
  authorizeActor(viewer, 'member.like');
  const [page, settings] = await Promise.all([
    likesPage(services, viewer, list, cursor),
    settingsFor(services, visitor),
  ]);
  return presentLikesPage(page, services.now(), settings.visible_profile_fields);
}

export function likesRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/like.php',
      {
        schema: {
          tags: ['likes'],
          summary: 'Like a member (idempotent); match: they like the caller back',
          body: LikeInputSchema,
          response: { 200: LikeResponseSchema },
        },
        // Generous for a member clicking through cards, a wall for a script liking everyone.
        config: { actor: 'member', rateLimit: { max: 120, timeWindow: '1 minute', per: 'session' } },
      },
      async (request) => {
        const viewer = request.viewer;
        const match = await likeMember(services, viewer, request.body.id);
        return { ok: true as const, match };
      },
    );

    app.delete(
      '/api/like.php',
      {
        schema: {
          tags: ['likes'],
          summary: 'Take a like back (idempotent); the id comes in the body or as ?id=',
          querystring: z.object({ id: z.coerce.number().int().positive().optional() }),
          // Without a body Fastify hands over null.
          body: LikeInputSchema.nullish(),
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        // Before the id is looked for: a visitor is refused whatever they sent.
        authorize(viewer, 'member.unlike');
        const id = request.body?.id ?? request.query.id;
        if (id === undefined) throw badRequest('The member id is missing', { id: ['required'] });
        await unlikeMember(services, viewer, id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/likes.php',
      {
        schema: {
          tags: ['likes'],
          summary: 'Likes given (profiles), received (liked_by, new first) and matches',
          response: { 200: LikesResponseSchema },
        },
        // Listing one's likes is what liking needs: a member, nothing read before.
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        const [result, settings] = await Promise.all([
          listLikes(services, viewer),
          settingsFor(services, request.ctx),
        ]);
        return presentLikes(result, services.now(), settings.visible_profile_fields);
      },
    );

    app.get(
      '/api/likes-list.php',
      {
        schema: {
          tags: ['likes'],
          summary: 'One page of likes received, given or matches (the tabs of /likes), by cursor',
          querystring: LikesListQuerySchema,
          response: { 200: LikesListResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request) =>
        readLikesPage(services, request.ctx, request.memberSession, request.query.list, request.query.cursor),
    );

    app.post(
      '/api/like-seen.php',
      {
        schema: {
          tags: ['likes'],
          summary: "The caller opened a liker's profile (/likes/m/{id}): that like is no longer new",
          body: LikeInputSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const viewer = request.viewer;
        await markLikeSeen(services, viewer, request.body.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/auto-like.php',
      {
        schema: {
          tags: ['likes'],
          summary:
            'A fictional profile that now likes the caller (the ?t= like modal), or null; at most a few a day',
          response: { 200: AutoLikeResponseSchema },
        },
        // It creates a like: a GET the spec names, so no other site may make a browser send it.
        config: {
          sameOriginOnly: true,
          actor: 'member',
          rateLimit: { max: 30, timeWindow: '1 minute', per: 'session' },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        const [row, settings] = await Promise.all([
          autoLike(services, viewer),
          settingsFor(services, request.ctx),
        ]);
        const visibility = { visibleFields: settings.visible_profile_fields };
        return { profile: row ? presentMemberCard(row, services.now(), visibility) : null };
      },
    );
  };
}
