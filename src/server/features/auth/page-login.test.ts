import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginInputSchema } from '../../../shared/contracts/auth.ts';
import { SESSION_COOKIE } from '../../../shared/limits.ts';
import { registerErrorHandling, serviceResult } from '../../plugins/errors.ts';
import { registerRequestContext } from '../../plugins/request-context.ts';
import { registerRouteActors } from '../../plugins/route-actor.ts';
import { registerSessions } from '../../plugins/session.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember } from '../../test/members.ts';
import { authRoutes } from './auth.routes.ts';
import { loginFromPage } from './page-login.ts';
import { hashPassword } from './passwords.ts';

/**
 * The login page's form post reaches loginFromPage through the SSR route (React Router's action),
 * which needs the web build; here a route stands in for it, registered as a plugin of its own beside
 * the API's like the SSR route is, answering what the page's action is handed.
 */
const LIMIT = 4;
const { services } = await createTestApp({ LOGIN_RATE_LIMIT: String(LIMIT) });
const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
await app.register(cookie);
registerRouteActors(app);
await app.register(rateLimit, { global: false, store: services.rateLimits.Store });
registerErrorHandling(app);
registerRequestContext(app, services);
registerSessions(app, services);
await app.register(authRoutes(services));
await app.register(async (page) => {
  page.post('/login', async (request, reply) => {
    const result = await serviceResult(() =>
      loginFromPage(page, services, request, reply, LoginInputSchema.parse(request.body)),
    );
    return result;
  });
});
await app.ready();
afterAll(() => app.close());

const PASSWORD = 'Zonnebloem-2026!';
const passwordHash = await hashPassword(PASSWORD);

const viaApi = (ip: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/user.php', payload: { email, password }, remoteAddress: ip });
const viaPage = (ip: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/login', payload: { email, password }, remoteAddress: ip });

describe('the login page form without JavaScript', () => {
  it('logs in with the session cookie, and refuses a wrong password as the API does', async () => {
    const { email } = await createMember(services.db, { passwordHash });
    const wrong = await viaPage('10.6.0.1', email, 'verkeerd-wachtwoord');
    expect(wrong.json()).toMatchObject({ ok: false, status: 401, code: 'login_failed' });
    expect(wrong.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const right = await viaPage('10.6.0.1', email, PASSWORD);
    expect(right.json()).toEqual({ ok: true, data: { ok: true } });
    const sid = right.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(sid?.httpOnly).toBe(true);
    const user = await app.inject({ url: '/api/user.php', cookies: { [SESSION_COOKIE]: sid?.value ?? '' } });
    expect(user.statusCode).toBe(200);
  });

  it('counts against the API logins of the address: refused once they used the allowance up', async () => {
    const { email } = await createMember(services.db, { passwordHash });
    for (let i = 0; i < LIMIT; i += 1) expect((await viaApi('10.6.0.2', email, 'nope')).statusCode).toBe(401);
    expect((await viaApi('10.6.0.2', email, PASSWORD)).statusCode).toBe(429);
    expect((await viaPage('10.6.0.2', email, PASSWORD)).json()).toMatchObject({
      ok: false,
      status: 429,
      code: 'rate_limited',
    });
  });

  it('and the API once the page forms did', async () => {
    const { email } = await createMember(services.db, { passwordHash });
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await viaPage('10.6.0.3', email, 'nope')).json()).toMatchObject({ code: 'login_failed' });
    }
    expect((await viaPage('10.6.0.3', email, PASSWORD)).json()).toMatchObject({ code: 'rate_limited' });
    const api = await viaApi('10.6.0.3', email, PASSWORD);
    expect(api.statusCode).toBe(429);
    expect(api.json().error.code).toBe('rate_limited');
    // Another address keeps its own allowance.
    expect((await viaPage('10.6.0.4', email, PASSWORD)).json()).toMatchObject({ ok: true });
  });
});
