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

/** A 403 whose body says authentication_required: the client logs out on it. */
export const authenticationRequired = () =>
  new AppError('authentication_required', 403, 'authentication_required');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: a GET that changes state (the spec's GET /api/logout.php) and so must come from our own
     * pages: a cross-site request (Sec-Fetch-Site, or a foreign Origin) is refused, and so is one
     * whose headers prove nothing either way unless it carries the session's CSRF token.
     */
    sameOriginOnly?: boolean;
  }
}

const csrfFailed = (message: string) => new AppError('csrf_failed', 403, message);
const siteUnproven = () =>
  new AppError(
    'same_site_unproven',
    403,
    'Refused: neither Sec-Fetch-Site nor Origin shows that the request comes from this site, and it carries no CSRF token',
  );

/** An Origin header that names another host than the request's (absent or "null" is not foreign). */
function foreignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/**
 * CSRF: SameSite=Lax keeps the cookie off cross-site posts in modern browsers; on top, a state-
 * changing call must come from our own origin, and a member's API call must carry the session's
 * CSRF token (x-csrf-token) that only our pages can read from GET /api/user.php.
 *
 * Decided on the route Fastify matched, never on the raw URL (which may be percent-encoded), and in
 * onRequest, before any body is parsed or validated: a cross-site request learns nothing from a 400.
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
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config;
    if (SAFE_METHODS.has(request.method)) {
      // Reads need no CSRF check: answer them without a promise.
      if (!config?.sameOriginOnly) return done();
      const site = siteOf(request);
      if (site === 'same') return done();
      if (site === 'cross') return done(csrfFailed('Cross-site request refused'));
      // Neither header says where it comes from (an old browser's fetch, a script, a sandboxed
      // frame's Origin: null): only the session's CSRF token, which only our pages can read, proves it.
      checkToken(request, true).then(() => done(), done);
      return;
    }
    if (foreignOrigin(request)) return done(csrfFailed('Cross-site request refused'));
    // Pages (React Router's form posts) have no token to send; the API's routes do.
    if (!request.routeOptions.url?.startsWith('/api/') || config?.csrf === false) return done();
    checkToken(request).then(() => done(), done);
  });

  /**
   * Where a request comes from, as far as its headers prove it: a browser says so in Sec-Fetch-Site
   * ('none': the member typed or bookmarked the address); older ones only send Origin, and not on a
   * same-origin GET. An Origin of "null" proves nothing.
   */
  function siteOf(request: FastifyRequest): 'same' | 'cross' | 'unknown' {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined) return site === 'same-origin' || site === 'none' ? 'same' : 'cross';
    const origin = request.headers.origin;
    if (!origin || origin === 'null') return 'unknown';
    return foreignOrigin(request) ? 'cross' : 'same';
  }

  /** `required`: the token is the only proof the request has, so a wrong or missing one is a refusal of its own. */
  async function checkToken(request: FastifyRequest, required = false) {
    if (!request.cookies[SESSION_COOKIE]) return; // no session: nothing to ride on
    const session = await request.session();
    if (!session) return; // a stale cookie: the route decides (most answer authentication_required)
    const sent = request.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !safeEqual(sent, session.csrfToken)) {
      throw required ? siteUnproven() : csrfFailed('Missing or wrong CSRF token');
    }
  }
}
