import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { LANDER_COOKIE, type LanderSource, parseLanderSource } from '../../shared/contracts/landers.ts';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  type Locale,
  localeFromLanguageTag,
} from '../../shared/i18n/locales.ts';
import { TRAFFIC_SOURCE_COOKIE } from '../../shared/limits.ts';
import { normalizeDomain } from '../features/settings/settings.service.ts';
import { lookupCountry } from '../lib/geoip.ts';
import {
  parseTrafficSourceCookie,
  type TrafficSource,
  trafficSourceFromQuery,
} from '../lib/traffic-source.ts';
import type { AppServices } from '../services.ts';

type RequestContext = {
  domain: string;
  locale: Locale;
  country: string | null;
  trafficSource: TrafficSource | undefined;
  /** The traffic source came with this request's query (not only from the cookie). */
  trafficSourceInQuery: boolean;
  /** The lander or advertising entry the visitor came through (its visit beacon's cookie). */
  lander: LanderSource | undefined;
};

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** false: a route for machines (the health call), whose answers never set the locale cookie. */
    localeCookie?: boolean;
  }
}

const TEST_COUNTRY_HEADER = 'x-test-geoip-country';

function localeCookieOptions() {
  return { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 3600, sameSite: 'lax' as const };
}

/** What the context is made of (a Fastify request has all of it). */
type RequestFacts = {
  hostname: string;
  ip: string | undefined;
  headers: IncomingHttpHeaders;
  cookies: Record<string, string | undefined>;
  query: Record<string, unknown>;
};

function countryOf(facts: RequestFacts, services: Pick<AppServices, 'env'>): string | null {
  if (services.env.allowTestGeoip) {
    const forced = facts.headers[TEST_COUNTRY_HEADER];
    if (typeof forced === 'string' && /^[A-Za-z]{2}$/.test(forced)) return forced.toUpperCase();
  }
  return lookupCountry(facts.ip);
}

/**
 * The request context for a known locale: synchronous, no I/O. Only the locale can need the
 * domain's settings (when no cookie names one), so callers settle that first.
 */
function requestContextOf(
  facts: RequestFacts,
  locale: Locale,
  services: Pick<AppServices, 'env'>,
): RequestContext {
  const fromQuery = trafficSourceFromQuery(facts.query ?? {});
  return {
    domain: normalizeDomain(facts.hostname),
    locale,
    country: countryOf(facts, services),
    trafficSource: fromQuery ?? parseTrafficSourceCookie(facts.cookies[TRAFFIC_SOURCE_COOKIE]),
    trafficSourceInQuery: fromQuery !== undefined,
    lander: parseLanderSource(facts.cookies[LANDER_COOKIE]),
  };
}

/** The locale the visitor chose (cookie), if it is one we speak. */
function savedLocale(cookies: Record<string, string | undefined>): Locale | undefined {
  const saved = cookies[LOCALE_COOKIE];
  return isLocale(saved) ? saved : undefined;
}

/**
 * Who is asking, in which language, from where: resolved once per request before any route.
 * With no saved locale, the domain's language is stored and applied (spec §7, settings).
 */
export function registerRequestContext(app: FastifyInstance, services: AppServices) {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  // Callback style with a synchronous fast path: almost every request carries the locale cookie,
  // and an async hook would cost a promise and a microtask hop on each of them.
  app.addHook('onRequest', (request, reply, done) => {
    // A Fastify request is a RequestFacts (its query is typed unknown until a schema says more).
    const facts = request as unknown as RequestFacts;
    const saved = savedLocale(request.cookies);
    if (saved) {
      request.ctx = requestContextOf(facts, saved, services);
      done();
      return;
    }
    const domain = normalizeDomain(request.hostname);
    services.settings.getValues(domain).then(
      (values) => {
        const fromDomain = localeFromLanguageTag(values.domain_language);
        if (fromDomain && request.routeOptions.config?.localeCookie !== false)
          reply.setCookie(LOCALE_COOKIE, fromDomain, localeCookieOptions());
        request.ctx = requestContextOf(facts, fromDomain ?? DEFAULT_LOCALE, services);
        done();
      },
      (error: Error) => done(error),
    );
  });
}
