import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteAccountSchema,
  DismissalInputSchema,
  EmailOnlySchema,
  EntrySignupSchema,
  InvisibleInputSchema,
  LanguageInputSchema,
  LoginInputSchema,
  MailChangeSchema,
  makeCompleteSignupSchema,
  makeSignupSchema,
  OkSchema,
  PasswordChangeSchema,
  PasswordResetDoSchema,
  TokenSchema,
  UserResponseSchema,
} from '../../../shared/contracts/auth.ts';
import { SESSION_COOKIE } from '../../../shared/limits.ts';
import { negotiateBody } from '../../lib/encoded-body.ts';
import { AppError, parseOrFail } from '../../plugins/errors.ts';
import { authenticationRequired, clearSessionCookie, setSessionCookie } from '../../plugins/session.ts';
import type { AppServices } from '../../services.ts';
import { settingsFor } from '../settings/settings.service.ts';
import { deleteAccount, reactivate, requestReactivation } from './account-deletion.service.ts';
import { dismissAlert, setInvisible, setLanguage } from './accounts.service.ts';
import { DEVICE_COOKIE } from './lockout.service.ts';
import { login, logout } from './login.service.ts';
import { confirmMailChange, requestMailChange } from './mail-change.service.ts';
import { loginRateLimit, requestMeta, setLoginCookies } from './page-login.ts';
import { changePassword, requestPasswordReset, resetPassword } from './password.service.ts';
import { type ActiveSession, findSession } from './sessions.service.ts';
import {
  type ActivationOutcome,
  activate,
  checkSignupAddress,
  completeSignup,
  entrySignup,
  resendActivation,
  signup,
} from './signup.service.ts';
import { USER_ANSWER_HEADERS, userAnswersState } from './user-answers.ts';

/** Address checks of the e-mail step per sign-up the IP may make (SIGNUP_RATE_LIMIT an hour). */
const ADDRESS_CHECKS_PER_SIGNUP = 6;
/** Checks of one address an hour, from anywhere. */
const ADDRESS_CHECKS_PER_ADDRESS = 10;

/** Where an activation link leads (signup.service.ts activate). */
const ACTIVATION_PAGES: Record<ActivationOutcome, string> = {
  activated: '/activate/done',
  already_confirmed: '/activate/done?already=1',
  failed: '/activate/error',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route creates a session, so there is no CSRF token to check yet. */
    csrf?: boolean;
  }
}

export function authRoutes(services: AppServices): FastifyPluginAsyncZod {
  const secure = services.env.publicUrl.startsWith('https://');
  const meta = requestMeta;

  const userOf = (request: FastifyRequest, session: ActiveSession) =>
    services.state.of(userAnswersState).present(session, request.ctx.domain);

  /** After login, sign-up or reactivation: the new session's member, read back as any later request would. */
  async function respondWithUser(request: FastifyRequest, reply: FastifyReply, token: string) {
    setSessionCookie(reply, token, secure);
    const session = await findSession(services.db, token, services.now());
    if (!session) throw new AppError('login_failed', 401, 'Login failed, please try again');
    return { user: await userOf(request, session) };
  }

  async function signupMeta(request: FastifyRequest) {
    const settings = await settingsFor(services, request.ctx);
    return {
      ...meta(request),
      trafficSource: request.ctx.trafficSource,
      lander: request.ctx.lander,
      signupsOpen: settings.signups_open,
      selectedCountry: settings.geoip_selected_country,
    };
  }

  return async (app) => {
    // One limiter (one store) for both sign-up calls: an entry and a full sign-up use the same
    // hourly allowance per IP. A route's own config.rateLimit would give each route its own count.
    const signupRateLimit = app.rateLimit({
      groupId: 'signup',
      max: services.env.signupRateLimit,
      timeWindow: '1 hour',
    });

    app.post(
      '/api/signup.php',
      {
        config: { csrf: false },
        onRequest: signupRateLimit,
        schema: {
          tags: ['account'],
          summary: 'Create an account (status not_confirmed) and log in',
          body: z.unknown(),
          response: { 200: UserResponseSchema },
        },
      },
      async (request, reply) => {
        const values = await services.settings.getValues(request.ctx.domain);
        const input = parseOrFail(makeSignupSchema(values.min_age, services.now), request.body);
        const { token } = await signup(services, input, await signupMeta(request));
        return respondWithUser(request, reply, token);
      },
    );

    // The e-mail step's check: within the IP's sign-up allowance a person types and corrects an
    // address a few times; per address, often enough for one person, too seldom to probe it.
    const addressCheckPerIp = app.rateLimit({
      groupId: 'signup-email-ip',
      max: services.env.signupRateLimit * ADDRESS_CHECKS_PER_SIGNUP,
      timeWindow: '1 hour',
    });
    // Counted by hand: the rate-limit plugin runs one limiter per request, the IP's above. The
    // groupId names the store's key space (rate-limit-store.ts): the plugin passes it on, though its
    // type for createRateLimit does not list it.
    const perAddress = {
      groupId: 'signup-email-address',
      max: ADDRESS_CHECKS_PER_ADDRESS,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => `address:${(request.body as { email: string }).email}`,
    };
    const countAddressCheck = app.createRateLimit(perAddress);
    const addressCheckPerAddress = async (request: FastifyRequest) => {
      const counted = await countAddressCheck(request);
      if (!counted.isAllowed && counted.isExceeded)
        throw new AppError('rate_limited', 429, 'Too many checks of this address; try again later.');
    };

    app.post(
      '/api/signup-email.php',
      {
        config: { csrf: false },
        onRequest: addressCheckPerIp,
        // After validation: the key is the address as the schema made it (trimmed, lower case).
        preHandler: addressCheckPerAddress,
        schema: {
          tags: ['account'],
          summary:
            "The sign-up's e-mail step: 200 when the address can sign up, else what the sign-up would answer at its end (409 email_exists, email_pending_deletion; 400 email_disposable; 403 signups_closed)",
          body: EmailOnlySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await checkSignupAddress(services, request.body.email, await signupMeta(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/signup-entry.php',
      {
        config: { csrf: false },
        onRequest: signupRateLimit,
        schema: {
          tags: ['account'],
          summary:
            'The short sign-up of an advertising entry (e-mail, who you are and seek, the terms): creates the account and logs in; /complete-signup asks the rest',
          body: z.unknown(),
          response: { 200: UserResponseSchema },
        },
      },
      async (request, reply) => {
        const input = parseOrFail(EntrySignupSchema, request.body);
        const { token } = await entrySignup(services, input, await signupMeta(request));
        return respondWithUser(request, reply, token);
      },
    );

    app.post(
      '/api/complete-signup.php',
      {
        schema: {
          tags: ['account'],
          summary: 'Finish an entry sign-up with the parts still missing (user.signup_missing)',
          body: z.unknown(),
          response: { 200: UserResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const session = request.memberSession;
        const values = await services.settings.getValues(request.ctx.domain);
        const schema = makeCompleteSignupSchema({
          minAge: values.min_age,
          email: session.user.email,
          missing: session.user.signupMissing,
          today: services.now,
        });
        await completeSignup(services, session, parseOrFail(schema, request.body));
        // The session as it is now (completeSignup invalidated the cached one).
        const fresh = await services.sessions.find(request.cookies[SESSION_COOKIE] ?? '', services.now());
        if (!fresh) throw authenticationRequired();
        return { user: await userOf(request, fresh) };
      },
    );

    app.post(
      '/api/user.php',
      {
        config: { csrf: false },
        // Shared with the form post of the /login page (see loginRateLimit).
        onRequest: loginRateLimit(app, services),
        schema: {
          tags: ['account'],
          summary: 'Log in with e-mail (or username) and password',
          body: LoginInputSchema,
          response: { 200: UserResponseSchema },
        },
      },
      async (request, reply) => {
        const { token, session, deviceToken } = await login(services, request.body, {
          ...meta(request),
          deviceToken: request.cookies[DEVICE_COOKIE],
        });
        // The device mark is sent back with logins only: this browser is one the member logged in from.
        setLoginCookies(reply, token, deviceToken, secure);
        // The session as the login read it (createLoginSession), serialized like GET user.php.
        return reply
          .headers(USER_ANSWER_HEADERS)
          .send(JSON.stringify({ user: await userOf(request, session) }) as never);
      },
    );

    app.get(
      '/api/user.php',
      {
        // The answer comes compressed from the user answers' cache (encoded-body.ts).
        compress: false,
        schema: {
          tags: ['account'],
          summary: 'The logged-in member (403 authentication_required otherwise)',
          response: { 200: UserResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        const session = request.memberSession;
        // Serialized from the typed presenter (user-answers.ts), skipping a second validation pass
        // of the same shape, and compressed at most once per session object.
        const { encoding, bytes } = negotiateBody(
          await services.state.of(userAnswersState).body(session, request.ctx.domain),
          request.headers['accept-encoding'],
        );
        reply.headers(USER_ANSWER_HEADERS);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(bytes as never);
      },
    );

    app.put(
      '/api/user.php',
      {
        schema: {
          tags: ['account'],
          summary: "Store the member's language",
          body: LanguageInputSchema,
          response: { 200: UserResponseSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        const session = request.memberSession;
        await setLanguage(services, session, request.body.language);
        return {
          user: await userOf(request, {
            ...session,
            user: { ...session.user, language: request.body.language },
          }),
        };
      },
    );

    app.put(
      '/api/invisible.php',
      {
        config: {
          // Every switch empties the search totals, highlights and new-likes caches on every
          // instance: a few an hour is all a person needs.
          actor: 'member',
          rateLimit: { max: 30, timeWindow: '1 hour', per: 'member' },
        },
        schema: {
          tags: ['account'],
          summary:
            'Invisible mode on or off: others no longer find, list or like the member (idempotent); answers the member',
          body: InvisibleInputSchema,
          response: { 200: UserResponseSchema },
        },
      },
      async (request) => {
        const session = request.memberSession;
        const member = request.viewer;
        await setInvisible(services, member, request.body.invisible);
        return {
          user: await userOf(request, {
            ...session,
            user: { ...session.user, invisible: request.body.invisible },
          }),
        };
      },
    );

    app.post(
      '/api/dismissal.php',
      {
        config: { actor: 'member', rateLimit: { max: 30, timeWindow: '1 hour', per: 'session' } },
        schema: {
          tags: ['account'],
          summary:
            'The member closed a dismissable alert (time-bonus modal, add photo, …): its time is stored and it does not come back',
          body: DismissalInputSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        const member = request.viewer;
        await dismissAlert(services, member, request.body.key);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/logout.php',
      {
        // A GET by the spec's name, but it ends the session: only our own pages may ask.
        config: { sameOriginOnly: true, actor: 'any' },
        schema: { tags: ['account'], summary: 'End the session', response: { 200: OkSchema } },
      },
      async (request, reply) => {
        await logout(services, request.memberSession);
        clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/activate.php',
      {
        schema: {
          tags: ['account'],
          summary:
            'Activation link from the e-mail; redirects to /activate/done, /activate/done?already=1 (the address was confirmed before: a link opened twice) or /activate/error',
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const outcome = request.query.token ? await activate(services, request.query.token) : 'failed';
        return reply.redirect(ACTIVATION_PAGES[outcome], 302);
      },
    );

    app.post(
      '/api/activation-resend.php',
      {
        config: { actor: 'member', rateLimit: { max: 5, timeWindow: '1 hour' } },
        schema: { tags: ['account'], summary: 'Send the activation mail again', response: { 200: OkSchema } },
      },
      async (request) => {
        await resendActivation(services, request.memberSession, meta(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/password-reset.php',
      {
        config: { csrf: false, rateLimit: { max: 5, timeWindow: '15 minutes' } },
        schema: {
          tags: ['account'],
          summary:
            'Mail a single-use password reset link (valid 1 hour) if the address has an account; the answer is the same for every address',
          body: EmailOnlySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await requestPasswordReset(services, request.body.email, meta(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/password-reset-do.php',
      {
        config: { csrf: false, rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags: ['account'],
          summary: 'Set a new password with the mailed link; ends all sessions',
          body: PasswordResetDoSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await resetPassword(services, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/password.php',
      {
        schema: {
          tags: ['account'],
          summary: 'Change the password (old one required); other sessions end',
          body: PasswordChangeSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request) => {
        await changePassword(services, request.memberSession, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/mail-change.php',
      {
        config: { actor: 'member', rateLimit: { max: 5, timeWindow: '1 hour' } },
        schema: {
          tags: ['account'],
          summary: 'Ask to change the e-mail address; a link goes to the new address',
          body: MailChangeSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await requestMailChange(services, request.memberSession, request.body, meta(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/mail-change-do.php',
      {
        config: { csrf: false },
        schema: {
          tags: ['account'],
          summary: 'Confirm the new e-mail address with the mailed link',
          body: TokenSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await confirmMailChange(services, request.body.token);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/account-delete.php',
      {
        schema: {
          tags: ['account'],
          summary: 'Delete the account (reactivation possible for 14 days)',
          body: DeleteAccountSchema,
          response: { 200: OkSchema },
        },
        config: { actor: 'member' },
      },
      async (request, reply) => {
        await deleteAccount(services, request.memberSession, request.body, meta(request));
        clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/reactivation-request.php',
      {
        config: { csrf: false, rateLimit: { max: 5, timeWindow: '1 hour' } },
        schema: {
          tags: ['account'],
          summary: 'Mail a reactivation link to an account pending deletion',
          body: EmailOnlySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await requestReactivation(services, request.body.email, meta(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/reactivate.php',
      {
        config: { csrf: false, rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags: ['account'],
          summary: 'Reactivate a deleted account with the mailed link and log in',
          body: TokenSchema,
          response: { 200: UserResponseSchema },
        },
      },
      async (request, reply) => {
        const { token } = await reactivate(services, request.body.token, meta(request));
        return respondWithUser(request, reply, token);
      },
    );
  };
}
