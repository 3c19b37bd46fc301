import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_SESSION_COOKIE } from '../../../shared/limits.ts';
import { AppError } from '../../plugins/errors.ts';
import type { StaffViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';
import { findStaffSession, STAFF_ABSOLUTE_MS, type StaffSession } from './staff-sessions.service.ts';

/** The cookie is sent to the back office's pages and its API only, never to the member side. */
export const STAFF_COOKIE_PATHS = ['/admin', '/api/admin'] as const;

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

const sessions = new WeakMap<FastifyRequest, Promise<StaffSession | null>>();

/**
 * The staff session behind the request's `asid` cookie, looked up once per request. The member
 * cookie (`sid`) is never read here: a member session opens nothing in the back office.
 */
export function staffSessionOf(services: Pick<AppServices, 'db' | 'now'>, request: FastifyRequest) {
  let found = sessions.get(request);
  if (!found) {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    found = token ? findStaffSession(services.db, token, services.now()) : Promise.resolve(null);
    sessions.set(request, found);
  }
  return found;
}

export const staffLoginRequired = () =>
  new AppError('staff_login_required', 401, 'Please log in to the back office.');

/** A complete staff session (password and second factor), or 401 staff_login_required. */
export async function requireStaff(services: Pick<AppServices, 'db' | 'now'>, request: FastifyRequest) {
  const session = await staffSessionOf(services, request);
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
