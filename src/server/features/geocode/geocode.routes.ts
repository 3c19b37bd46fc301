import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CitySuggestQuerySchema,
  CitySuggestResponseSchema,
  GeocodeQuerySchema,
  GeocodeResponseSchema,
} from '../../../shared/contracts/profile.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { reverseGeocode, suggestCities } from './geocode.service.ts';

export function geocodeRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/geocode.php',
      {
        // Open to visitors (the sign-up form uses it too); a lookup is cheap, the limit only
        // keeps one address from using us as a free geocoding service.
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['profile'],
          summary: 'The nearest city, its region and country for a position (offline GeoNames data)',
          querystring: GeocodeQuerySchema,
          response: { 200: GeocodeResponseSchema },
        },
      },
      (request, reply) => {
        const found = reverseGeocode(request.query.lat, request.query.lon, services.log);
        if (!found) throw new AppError('geocode_failed', 404, 'No city near this position');
        // A position is personal: browsers may keep the answer, shared caches may not.
        reply.header('cache-control', 'private, max-age=3600');
        return found;
      },
    );

    app.get(
      '/api/cities.php',
      {
        config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
        schema: {
          tags: ['profile'],
          summary: 'Up to 10 cities of a country (and region) whose name starts with q, biggest first',
          querystring: CitySuggestQuerySchema,
          response: { 200: CitySuggestResponseSchema },
        },
      },
      (request, reply) => {
        const { country, region, q } = request.query;
        // The lists only change with a deploy, like the regions.
        reply.header('cache-control', 'public, max-age=86400');
        return { cities: suggestCities(country, region, q, services.log) };
      },
    );
  };
}
