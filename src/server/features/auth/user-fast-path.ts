import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_COOKIE } from '../../../shared/limits.ts';
import { sendEncodedBody } from '../../lib/encoded-body.ts';
import { rawHostname } from '../../lib/raw-request.ts';
import { plainLocalizedGet } from '../../plugins/request-context.ts';
import { apiSecurityHeaders } from '../../plugins/security-headers.ts';
import type { AppServices } from '../../services.ts';
import { normalizeDomain } from '../settings/settings.service.ts';
import { USER_ANSWER_HEADERS } from './user-answers.ts';

/**
 * GET /api/user.php answered before Fastify when everything it needs is in memory: every open tab
 * polls it. Same rule as the settings fast path (docs/decisions/0011): only the plain case, and
 * only with what the route itself uses:
 * - a GET of exactly /api/user.php with a valid locale cookie and a session cookie,
 * - a session the session cache holds as valid right now (sessions.peek: the same TTL, expiry and
 *   account checks as the route's requireMember; a revoked or unknown one is never answered here),
 * - the kept answer for that session object, still current (userAnswers.peek).
 * Everything else, including every 403, goes through Fastify. user-fast-path.test.ts holds both
 * paths to the same bytes and headers.
 */
export function createUserFastPath(services: AppServices) {
  const headers = {
    ...apiSecurityHeaders({ https: services.env.publicUrl.startsWith('https://') }),
    ...USER_ANSWER_HEADERS,
  };
  return (raw: IncomingMessage, response: ServerResponse): boolean => {
    const token = plainLocalizedGet(raw, '/api/user.php')?.cookies[SESSION_COOKIE];
    if (!token) return false;
    const session = services.sessions.peek(token, services.now());
    if (!session) return false;
    const body = services.userAnswers.peek(session, normalizeDomain(rawHostname(raw)));
    if (!body) return false;
    return sendEncodedBody(raw, response, { headers, body, log: services.log, from: 'session cache' });
  };
}
