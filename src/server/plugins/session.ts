import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../shared/limits.ts';
import { type ActiveSession, SESSION_MAX_AGE_S } from '../features/auth/sessions.service.ts';
import { safeEqual } from '../features/auth/tokens.ts';
import type { AppServices } from '../services.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member behind the session cookie, looked up once per request when first asked. */
    session: () => Promise<ActiveSession | null>;
  }
}

export function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: SESSION_MAX_AGE_S };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export const authenticationRequired = () =>
  new AppError('authentication_required', 403, 'authentication_required');

/** The logged-in member, or a 403 whose body says authentication_required (the client logs out on it). */
export async function requireMember(request: FastifyRequest): Promise<ActiveSession> {
  const session = await request.session();
  if (!session) throw authenticationRequired();
  return session;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: SameSite=Lax keeps the cookie off cross-site posts in modern browsers; on top, a state-
 * changing API call must come from our own origin, and a member's call must carry the session's
 * CSRF token (x-csrf-token) that only our pages can read from GET /api/user.php.
 */
export function registerSessions(app: FastifyInstance, services: AppServices) {
  app.decorateRequest('session', null as unknown as FastifyRequest['session']);
  app.addHook('onRequest', (request, _reply, done) => {
    let memo: Promise<ActiveSession | null> | undefined;
    request.session = () => {
      const token = request.cookies[SESSION_COOKIE];
      memo ??= token ? services.sessions.find(token, services.now()) : Promise.resolve(null);
      return memo;
    };
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    // Reads need no CSRF check: answer them without a promise.
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    checkCsrf(request).then(() => done(), done);
  });

  async function checkCsrf(request: FastifyRequest) {
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {}
      if (host !== request.host) throw new AppError('csrf_failed', 403, 'Cross-site request refused');
    }
    if (request.routeOptions.config && (request.routeOptions.config as { csrf?: boolean }).csrf === false)
      return;
    if (!request.cookies[SESSION_COOKIE]) return; // no session: nothing to ride on
    const session = await request.session();
    if (!session) return; // a stale cookie: the route decides (most answer authentication_required)
    const sent = request.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !safeEqual(sent, session.csrfToken)) {
      throw new AppError('csrf_failed', 403, 'Missing or wrong CSRF token');
    }
  }
}
