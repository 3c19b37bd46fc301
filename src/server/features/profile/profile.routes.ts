import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type OwnProfile,
  OwnProfileResponseSchema,
  ProfileUpdateSchema,
} from '../../../shared/contracts/profile.ts';
import { parseOrFail } from '../../plugins/errors.ts';
import { authorizeActor } from '../../policy/policy.ts';
import { viewerOf } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import type { ActiveSession } from '../auth/sessions.service.ts';
import { getOwnProfile, updateOwnProfile } from './profile.service.ts';

/** The member's own profile as GET /api/profile.php answers it (also what /profile renders first). */
export async function readOwnProfile(
  services: AppServices,
  session: ActiveSession | null,
): Promise<OwnProfile> {
  const viewer = viewerOf(session);
  authorizeActor(viewer, 'profile.edit');
  return getOwnProfile(services, viewer);
}

export function profileRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile.php',
      {
        schema: {
          tags: ['profile'],
          summary: "The logged-in member's own profile (403 authentication_required otherwise)",
          response: { 200: OwnProfileResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { profile: await readOwnProfile(services, request.memberSession) };
      },
    );

    app.put(
      '/api/profile.php',
      {
        // The body is checked here rather than by Fastify, so errors carry our keys per field.
        attachValidation: true,
        // A visitor is refused before the body is checked: they learn nothing from a 400.
        config: { actor: 'member', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['profile'],
          summary: "Change fields of the logged-in member's own profile; answers the saved profile",
          body: ProfileUpdateSchema,
          response: { 200: OwnProfileResponseSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        const update = parseOrFail(ProfileUpdateSchema, request.body);
        return { profile: await updateOwnProfile(services, viewer, update) };
      },
    );
  };
}
