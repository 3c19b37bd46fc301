import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyInfoSchema } from '../../../shared/contracts/site.ts';
import type { AppServices } from '../../services.ts';
import { companyOf } from './company.service.ts';

export function companyRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/companyinfo.php',
      {
        schema: {
          tags: ['site'],
          summary: 'The company behind the site',
          response: { 200: CompanyInfoSchema },
        },
      },
      () => companyOf(services).get(),
    );
  };
}
