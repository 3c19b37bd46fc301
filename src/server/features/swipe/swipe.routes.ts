import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SwipeInputSchema,
  type SwipeQuery,
  SwipeQuerySchema,
  SwipeResponseSchema,
  SwipeStateSchema,
} from '../../../shared/contracts/swipe.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { browserZoneOf } from '../../lib/browser-zone.ts';
import { authorizeActor } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { presentSwipeGame } from './swipe.presenter.ts';
import { getSwipeGame, swipe, undoLastPass } from './swipe.service.ts';

/** Swipes a minute per member: far above a person's pace, low enough to stop a script walking the site. */
const SWIPES_PER_MINUTE = 90;
const UNDOS_PER_MINUTE = 30;

/**
 * The game as GET /api/swipe.php answers it; also the first answer /swipe-game renders with its
 * HTML, where no route config checked the actor: so it is checked here.
 */
export async function readSwipeGame(
  services: AppServices,
  request: Pick<FastifyRequest, 'ctx' | 'cookies'>,
  session: ActiveSession | null,
  query: SwipeQuery,
) {
  const viewer = viewerOf(session);
  authorizeActor(viewer, 'member.pass');
  const zone = browserZoneOf(request, query.time_zone);
  const game = await getSwipeGame(services, { viewer, visitor: request.ctx }, query, zone);
  return presentSwipeGame(game, services.now());
}

const REFUSALS =
  'Refusals: authentication_required 403 (visitors), member_not_found 404 (unknown, hidden or ' +
  'blocked either way: one answer), cannot_like_self / cannot_pass_self 400, swipe_limit_reached 403 ' +
  '(details.resets_at), validation_failed 400 (time_zone_invalid, age_range_invalid), rate_limited 429.';

export function swipeRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/swipe.php',
      {
        // A visitor is refused before the query is read: whatever they sent, the answer is 403.
        config: { actor: 'member' },
        schema: {
          tags: ['swipe'],
          summary: 'The swipe game: the next card, the likes left today and when they start over',
          description:
            'Filters as GET /api/members.php (the /members search the game follows). `time_zone`: the ' +
            "browser's IANA zone (else the `tz` cookie); it counts only until the member's first swipe " +
            'stored one, and names where `resets_at` is shown (`time_zone` of the answer).',
          querystring: SwipeQuerySchema,
          response: { 200: SwipeStateSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return readSwipeGame(services, request, request.memberSession, request.query);
      },
    );

    app.post(
      '/api/swipe.php',
      {
        // Per member: members behind one address (an office, a phone carrier) do not share a limit.
        config: {
          actor: 'member',
          rateLimit: { max: SWIPES_PER_MINUTE, timeWindow: '1 minute', per: 'member' },
        },
        schema: {
          tags: ['swipe'],
          summary: 'Like or pass the card; answers whether a like is a match, and the game after it',
          description:
            `A like is POST /api/like.php's like (idempotent), one of the ${LIMITS.swipeLikesPerDay} likes a ` +
            "day of the game (the member's local day), counted in the like's own transaction; a pass keeps " +
            `the member away for ${LIMITS.swipePassDays} days. ` +
            `The query string takes the filters of GET /api/swipe.php for the next card. ${REFUSALS}`,
          querystring: SwipeQuerySchema,
          body: SwipeInputSchema,
          response: { 200: SwipeResponseSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        const { match, next } = await swipe(
          services,
          { viewer, visitor: request.ctx },
          request.body,
          request.query,
          browserZoneOf(request, request.body.time_zone ?? request.query.time_zone),
        );
        return { match, next: presentSwipeGame(next, services.now()) };
      },
    );

    app.post(
      '/api/swipe-undo.php',
      {
        config: {
          actor: 'member',
          rateLimit: { max: UNDOS_PER_MINUTE, timeWindow: '1 minute', per: 'member' },
        },
        schema: {
          tags: ['swipe'],
          summary: 'Take back the last pass; the member comes back as the card',
          description:
            'Only the last swipe, only a pass, only within a few minutes, only of a member still ' +
            'visible to the caller; otherwise swipe_nothing_to_undo 409.',
          // The passed member comes back as `card`.
          response: { 200: SwipeStateSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        const game = await undoLastPass(services, { viewer, visitor: request.ctx }, browserZoneOf(request));
        return presentSwipeGame(game, services.now());
      },
    );
  };
}
