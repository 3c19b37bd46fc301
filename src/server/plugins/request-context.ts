import type { FastifyInstance, FastifyRequest } from 'fastify';
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

export type RequestContext = {
  domain: string;
  locale: Locale;
  country: string | null;
  trafficSource: TrafficSource | undefined;
  /** The traffic source came with this request's query (not only from the cookie). */
  trafficSourceInQuery: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export const TEST_COUNTRY_HEADER = 'x-test-geoip-country';

export function localeCookieOptions() {
  return { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 3600, sameSite: 'lax' as const };
}

function countryOf(request: FastifyRequest, services: AppServices): string | null {
  if (services.env.allowTestGeoip) {
    const forced = request.headers[TEST_COUNTRY_HEADER];
    if (typeof forced === 'string' && /^[A-Za-z]{2}$/.test(forced)) return forced.toUpperCase();
  }
  return lookupCountry(request.ip);
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
    const query = (request.query ?? {}) as Record<string, unknown>;
    const domain = normalizeDomain(request.hostname);
    const fromQuery = trafficSourceFromQuery(query);
    const trafficSource = fromQuery ?? parseTrafficSourceCookie(request.cookies[TRAFFIC_SOURCE_COOKIE]);
    const setContext = (locale: Locale) => {
      request.ctx = {
        domain,
        locale,
        country: countryOf(request, services),
        trafficSource,
        trafficSourceInQuery: fromQuery !== undefined,
      };
    };
    const saved = request.cookies[LOCALE_COOKIE];
    if (isLocale(saved)) {
      setContext(saved);
      done();
      return;
    }
    services.settings.getValues(domain).then(
      (values) => {
        const fromDomain = localeFromLanguageTag(values.domain_language);
        if (fromDomain) reply.setCookie(LOCALE_COOKIE, fromDomain, localeCookieOptions());
        setContext(fromDomain ?? DEFAULT_LOCALE);
        done();
      },
      (error: Error) => done(error),
    );
  });
}
