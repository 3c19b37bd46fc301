import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_SESSION_COOKIE } from '../../../shared/limits.ts';
import { AppError } from '../../plugins/errors.ts';
import type { StaffViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { safeEqual } from '../auth/tokens.ts';
import { findStaffSession, STAFF_ABSOLUTE_MS, type StaffSession } from './staff-sessions.service.ts';

/** The cookie is sent to the back office's pages and its API only, never to the member side. */
const STAFF_COOKIE_PATHS = ['/admin', '/api/admin'] as const;

const cookieOptions = (secure: boolean, path: string) => ({
  path,
  httpOnly: true,
  // Staff pages link to nothing that needs the cookie on arrival from another site.
  sameSite: 'strict' as const,
  secure,
  maxAge: STAFF_ABSOLUTE_MS / 1000,
});

export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean) {
  for (const path of STAFF_COOKIE_PATHS)
    reply.setCookie(STAFF_SESSION_COOKIE, token, cookieOptions(secure, path));
}

export function clearStaffCookie(reply: FastifyReply, secure: boolean) {
  for (const path of STAFF_COOKIE_PATHS) reply.clearCookie(STAFF_SESSION_COOKIE, cookieOptions(secure, path));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff person behind the `asid` cookie, looked up once per request when first asked (back office routes only). */
    staffSession: () => Promise<StaffSession | null>;
  }
}

/**
 * The staff session of each request of the back office's routes, as plugins/session.ts gives the
 * member's: looked up once when first asked. The member cookie (`sid`) is never read here: a member
 * session opens nothing in the back office.
 */
function registerStaffSessions(app: FastifyInstance, services: Pick<AppServices, 'db' | 'now'>) {
  app.decorateRequest('staffSession', null as unknown as FastifyRequest['staffSession']);
  // The `staff` actor of route-actor.ts (docs/decisions/0040): the routes' config names it.
  app.decorateRequest('resolveStaffViewer', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    let memo: Promise<StaffSession | null> | undefined;
    request.staffSession = () => {
      const token = request.cookies[STAFF_SESSION_COOKIE];
      memo ??= token ? findStaffSession(services.db, token, services.now()) : Promise.resolve(null);
      return memo;
    };
    request.resolveStaffViewer = async () => staffViewerOf(await requireStaff(request));
    done();
  });
}

export const staffLoginRequired = () =>
  new AppError('staff_login_required', 401, 'Please log in to the back office.');

/** A complete staff session (password and second factor), or 401 staff_login_required. */
export async function requireStaff(request: FastifyRequest) {
  const session = await request.staffSession();
  if (session?.stage !== 'complete') throw staffLoginRequired();
  return session;
}

export const staffViewerOf = (session: StaffSession): StaffViewer => ({
  kind: 'staff',
  id: session.staff.id,
  roles: session.staff.roles,
});

/** The audit's "who" for a request: the person, the roles they hold now, the client's address. */
export const auditActorOf = (session: StaffSession, request: FastifyRequest) => ({
  staffId: session.staff.id,
  roles: session.staff.roles,
  ip: request.ip,
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the back-office route starts a session, so it has no staff CSRF token to check yet. */
    staffCsrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const csrfFailed = () => new AppError('csrf_failed', 403, 'Missing or wrong CSRF token');

/**
 * What every plugin of back-office routes (/api/admin, any feature) registers first: the staff
 * session of the request, and the routes' opt-out of the member session's CSRF check (which reads
 * the member cookie) for the same check against the staff session: a foreign Origin is still
 * refused for every change by the session plugin, and a change must carry the staff session's
 * token in x-csrf-token.
 */
export function registerBackOfficeRequests(app: FastifyInstance, services: Pick<AppServices, 'db' | 'now'>) {
  registerStaffSessions(app, services);
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), csrf: false } as typeof route.config;
  });
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.staffCsrf === false) return;
    if (!request.cookies[STAFF_SESSION_COOKIE]) return;
    const session = await request.staffSession();
    if (!session) return; // stale: the route answers staff_login_required
    const sent = request.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !safeEqual(sent, session.csrfToken)) throw csrfFailed();
  });
}
