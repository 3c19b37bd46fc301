import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider.js';
import type { ActiveSession } from '../features/auth/sessions.service.ts';
import { perMemberKey, perSessionKey } from '../lib/rate-limit-store.ts';
import { authorize, type StaffRightAction } from '../policy/policy.ts';
import type { MemberViewer, StaffViewer, Viewer } from '../policy/viewer.ts';
import { VISITOR, viewerOf } from '../policy/viewer.ts';
import { authenticationRequired } from './session.ts';

/**
 * Who may call a route: `member` a logged-in member (anyone else, a stale cookie too, is refused
 * authentication_required), `any` a visitor or a member, `staff` a person of the back office with a
 * complete login (anyone else is refused staff_login_required; only the back office's routes, whose
 * scope resolves the staff session, may declare it). Without it the route reads no session.
 */
type Actor = 'member' | 'any' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    actor?: Actor;
    /**
     * With actor `staff`: the right the route needs, asked in the same hook, so a staff person
     * without it is refused before the body or query is validated (an operator learns nothing
     * about a moderator's route from a 400).
     */
    right?: StaffRightAction;
  }

  // The same parameters as Fastify's own declaration: the request's viewer follows the route's config.
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
  > {
    /** Who calls, as the route's `config.actor` asked for (set before the body is validated); null without it. */
    viewer: ViewerFor<ContextConfig>;
    /** The caller's session, for the routes that need more than the viewer (the account's own calls). */
    memberSession: SessionFor<ContextConfig>;
    /**
     * The staff actor of a back-office request, or staff_login_required: decorated by the back
     * office's routes (features/staff), which alone read the staff cookie; absent elsewhere.
     */
    resolveStaffViewer?: () => Promise<StaffViewer>;
  }
}

declare module '@fastify/rate-limit' {
  interface RateLimitOptions {
    /**
     * Whose count a hit goes to: `session` the session cookie's (members behind one address, an
     * office or a phone carrier, do not share it), `member` the member's over all their sessions.
     * Without a session both count by the client address, as a limit without `per` does always.
     */
    per?: 'session' | 'member';
  }
}

type ViewerFor<C> = C extends { actor: 'member' }
  ? MemberViewer
  : C extends { actor: 'any' }
    ? Exclude<Viewer, { kind: 'staff' }>
    : C extends { actor: 'staff' }
      ? StaffViewer
      : null;

type SessionFor<C> = C extends { actor: 'member' }
  ? ActiveSession
  : C extends { actor: 'any' }
    ? ActiveSession | null
    : null;

const KEYS = { session: perSessionKey, member: perMemberKey } as const;

/**
 * Reads what a route declares when the route is added, so a route that declares nothing pays
 * nothing per request. `actor` adds one preValidation hook that resolves the session into
 * `request.viewer`, before the body is validated: a refused caller learns nothing from a 400.
 * `rateLimit.per` becomes the limit's key. Registered before @fastify/rate-limit, whose own
 * onRoute hook then finds the key in place (docs/decisions/0040).
 */
export function registerRouteActors(app: FastifyInstance) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('memberSession', null);
  app.addHook('onRoute', (route) => {
    const config = route.config;
    const limit = config?.rateLimit;
    if (typeof limit === 'object' && limit.per) {
      if (limit.keyGenerator)
        throw new Error(`${route.url}: a rate limit takes per or keyGenerator, not both`);
      route.config = { ...config, rateLimit: { ...limit, keyGenerator: KEYS[limit.per] } };
    }
    const actor = config?.actor;
    if (config?.right && actor !== 'staff')
      throw new Error(`${route.url}: a right is asked of a staff actor only`);
    if (!actor) return;
    const resolve = async (request: FastifyRequest) => {
      if (actor === 'staff') {
        if (!request.resolveStaffViewer)
          throw new Error(`${route.url}: actor 'staff' outside the back office's routes`);
        const staff = await request.resolveStaffViewer();
        if (config.right) authorize(staff, config.right);
        request.viewer = staff as never;
        return;
      }
      const session = await request.session();
      if (!session && actor === 'member') throw authenticationRequired();
      request.memberSession = session as never;
      request.viewer = (session ? viewerOf(session) : VISITOR) as never;
    };
    route.preValidation = [resolve, ...[route.preValidation ?? []].flat()];
  });
}
