import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MemberQuerySchema,
  MemberResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '../../../shared/contracts/members.ts';
import type { AppServices } from '../../services.ts';
import { presentMemberProfile, presentSearch } from './members.presenter.ts';
import { getMemberProfile } from './profile-view.service.ts';
import { searchMembers, searchTotalsState } from './search.service.ts';

export function membersRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/members.php',
      {
        schema: {
          tags: ['members'],
          summary: 'Search visible members, newest first, one keyset page at a time',
          querystring: SearchQuerySchema,
          response: { 200: SearchResponseSchema },
        },
        config: { actor: 'any' },
      },
      async (request) => {
        const result = await searchMembers(
          services,
          { visitor: request.ctx, session: request.memberSession, query: request.query },
          services.state.of(searchTotalsState),
        );
        return presentSearch(result, services.now());
      },
    );

    app.get(
      '/api/member.php',
      {
        schema: {
          tags: ['members'],
          summary: "A member's profile as the viewer may see it, with related members",
          querystring: MemberQuerySchema,
          response: { 200: MemberResponseSchema },
        },
        config: { actor: 'any' },
      },
      async (request) => {
        const result = await getMemberProfile(services, {
          visitor: request.ctx,
          session: request.memberSession,
          id: request.query.id,
        });
        return presentMemberProfile(result, services.now());
      },
    );
  };
}
