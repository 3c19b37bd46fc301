import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginInput } from '../../../shared/contracts/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { sessionCookieOptions, setSessionCookie } from '../../plugins/session.ts';
import { defineSharedRateLimit } from '../../plugins/shared-rate-limit.ts';
import type { AppServices } from '../../services.ts';
import { DEVICE_COOKIE, DEVICE_MAX_AGE_S } from './lockout.service.ts';
import { login } from './login.service.ts';

/**
 * The login limiter per IP address. A login comes in through POST /api/user.php, the form of the
 * /login page without JavaScript (React Router's action, reached through the SSR catch-all) and the
 * back office's login: all count against one allowance.
 */
const loginLimit = defineSharedRateLimit('login', (services: Pick<AppServices, 'env' | 'state'>) => ({
  max: services.env.loginRateLimit,
  timeWindow: '1 minute',
}));
export const loginLimitersState = loginLimit.state;
export const loginRateLimit = loginLimit.limiter;

/** The cookies of a new login session: the session, and the mark of a browser the member logged in from. */
export function setLoginCookies(reply: FastifyReply, token: string, deviceToken: string, secure: boolean) {
  setSessionCookie(reply, token, secure);
  reply.setCookie(DEVICE_COOKIE, deviceToken, {
    ...sessionCookieOptions(secure),
    path: '/api/user.php',
    maxAge: DEVICE_MAX_AGE_S,
  });
}

export const requestMeta = (request: FastifyRequest) => ({
  domain: request.ctx.domain,
  locale: request.ctx.locale,
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * A login from the page form, counted with the API's logins and checked by the same lockout. The
 * browser's device mark is scoped to the API's path, so a form post is counted as a browser the
 * member has not logged in from before (the mark is set again for the API's later logins). Over
 * the limit it is an AppError the page shows in the visitor's language.
 */
export async function loginFromPage(
  app: FastifyInstance,
  services: Pick<AppServices, 'db' | 'now' | 'env' | 'state'>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LoginInput,
): Promise<{ ok: true }> {
  try {
    await loginRateLimit(app, services).call(app, request, reply);
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode !== 429) throw error;
    throw new AppError('rate_limited', 429, 'Too many logins from this address; try again later.');
  }
  const { token, deviceToken } = await login(services, input, {
    ...requestMeta(request),
    deviceToken: request.cookies[DEVICE_COOKIE],
  });
  setLoginCookies(reply, token, deviceToken, services.env.publicUrl.startsWith('https://'));
  return { ok: true };
}
