import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { ComplaintInputSchema } from '../../../shared/contracts/site.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import { registerRequestContext } from '../../plugins/request-context.ts';
import { createTestApp } from '../../test/app.ts';
import { COMPLAINTS_PER_HOUR, submitPageComplaint } from './complaints.rate-limit.ts';
import { complaintsRoutes } from './complaints.routes.ts';

/**
 * The page form reaches submitPageComplaint through the SSR route (React Router's action), which
 * needs the web build; here a route stands in for it, registered as a plugin of its own beside the
 * API's like the SSR route is, with the app's plugins in app.ts's order.
 */
const { services } = await createTestApp();
const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
await app.register(cookie);
await app.register(rateLimit, { global: false, store: services.rateLimits.Store });
registerErrorHandling(app);
registerRequestContext(app, services);
await app.register(complaintsRoutes(services));
await app.register(async (page) => {
  page.post('/complaints', (request, reply) =>
    submitPageComplaint(page, services, request, reply, ComplaintInputSchema.parse(request.body)),
  );
});
await app.ready();
afterAll(() => app.close());

const complaint = {
  name: 'Jan de Vries',
  email: 'jan@example.nl',
  subject: 'other',
  message: 'Een klacht die lang genoeg is om te versturen.',
};
const viaApi = (ip: string) =>
  app.inject({ method: 'POST', url: '/api/complaints.php', payload: complaint, remoteAddress: ip });
const viaPage = (ip: string) =>
  app.inject({ method: 'POST', url: '/complaints', payload: complaint, remoteAddress: ip });

describe('one complaint allowance per IP for the API call and the page form', () => {
  it('the page form is refused once the API calls used the allowance up', async () => {
    for (let i = 0; i < COMPLAINTS_PER_HOUR; i += 1) expect((await viaApi('10.5.0.1')).statusCode).toBe(200);
    expect((await viaApi('10.5.0.1')).statusCode).toBe(429);
    const page = await viaPage('10.5.0.1');
    expect(page.statusCode).toBe(429);
    expect(page.json().error.code).toBe('rate_limited');
  });

  it('and the API call once the page forms did, mixed in any order', async () => {
    expect((await viaApi('10.5.0.2')).statusCode).toBe(200);
    for (let i = 1; i < COMPLAINTS_PER_HOUR; i += 1) expect((await viaPage('10.5.0.2')).statusCode).toBe(200);
    expect((await viaPage('10.5.0.2')).statusCode).toBe(429);
    const api = await viaApi('10.5.0.2');
    expect(api.statusCode).toBe(429);
    expect(api.json().error.code).toBe('rate_limited');
  });

  it('stored only what was allowed, and other addresses keep their own allowance', async () => {
    expect((await viaPage('10.5.0.3')).statusCode).toBe(200);
    const stored = await services.pool.query('select count(*)::int as n from complaints');
    expect(stored.rows[0].n).toBe(2 * COMPLAINTS_PER_HOUR + 1);
  });
});
