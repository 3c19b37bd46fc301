import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { OwnProfileResponseSchema, ProfileUpdateSchema } from '../../../shared/contracts/profile.ts';
import { requireMember } from '../../plugins/session.ts';
import type { AppServices } from '../../services.ts';
import { getOwnProfile, profileValidationError, updateOwnProfile } from './profile.service.ts';

/** A validation message that is one of our keys (validation.<key>) rather than zod's English. */
const KEY = /^[a-z][a-z0-9_]*$/;

/**
 * zod issues → `{ field: [key] }`. Messages the contract set are keys already; zod's own (a value
 * outside an option list, a wrong type) become invalid_field, and fields the update does not
 * accept (name, date of birth, an id) are refused by name.
 */
function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    fieldErrors[field] = [...(fieldErrors[field] ?? []), key];
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(key, 'invalid_field');
      continue;
    }
    const field = issue.path[0];
    if (field === undefined) add('_', 'invalid_request');
    else add(String(field), KEY.test(issue.message) ? issue.message : 'invalid_field');
  }
  return fieldErrors;
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
      },
      async (request, reply) => {
        const session = await requireMember(request);
        reply.header('cache-control', 'no-store');
        return { profile: await getOwnProfile(services, session.user.id) };
      },
    );

    app.put(
      '/api/profile.php',
      {
        // The body is checked here rather than by Fastify, so errors carry our keys per field.
        attachValidation: true,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['profile'],
          summary: "Change fields of the logged-in member's own profile; answers the saved profile",
          body: ProfileUpdateSchema,
          response: { 200: OwnProfileResponseSchema },
        },
      },
      async (request) => {
        const session = await requireMember(request);
        const parsed = ProfileUpdateSchema.safeParse(request.body);
        if (!parsed.success) throw profileValidationError(fieldErrorsOf(parsed.error));
        return { profile: await updateOwnProfile(services, session.user.id, parsed.data) };
      },
    );
  };
}
