import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import {
  LIMITS,
  SESSION_COOKIE,
  STAFF_SESSION_COOKIE,
  TRAFFIC_SOURCE_COOKIE,
} from '../../../shared/limits.ts';
import type { WebLoadContext } from '../../../shared/load-context.ts';
import type { Feature, LoadContextPart, PageRequest } from '../../feature.ts';
import { stripTrafficSourceParams } from '../../lib/traffic-source.ts';
import { sendError } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { userAnswersState } from '../auth/user-answers.ts';
import { companyOf } from '../company/company.service.ts';
import { settingsEntryFor } from '../settings/settings.service.ts';
import { createPageCache } from './page-cache.ts';

export type SsrOptions = { buildDir: string };

/** Anonymous pages are served from memory this long (see page-cache.ts). */
const PAGE_CACHE_MS = 5_000;

function contentSecurityPolicy(nonce: string, cdnPrefix: string): string {
  const cdnOrigin = /^https?:\/\//.test(cdnPrefix) ? ` ${new URL(cdnPrefix).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React writes style attributes (progress bar, widths); no inline <style> from others.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${cdnOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, String(value));
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`${origin}${request.url}`, {
    method: request.method,
    headers,
    body: hasBody && request.body ? new Uint8Array(request.body as Buffer) : undefined,
    signal: controller.signal,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * The service calls pages may make, from every feature that offers some (site, members, …), each
 * group merged across features. A group a page reads and no feature filled is a wiring mistake the
 * loaders' types catch.
 */
function featureParts(features: readonly Feature[], services: AppServices, page: PageRequest) {
  const parts: Partial<Record<keyof LoadContextPart, Record<string, unknown>>> = {};
  for (const feature of features) {
    const part = feature.loadContext?.(services, page) ?? {};
    for (const [group, calls] of Object.entries(part) as [keyof LoadContextPart, object][])
      parts[group] = { ...parts[group], ...calls };
  }
  return parts as unknown as Pick<WebLoadContext, keyof LoadContextPart>;
}

/**
 * Server-side rendering of every page through React Router, plus the built assets. Hashed
 * assets are cached for a year; everything else revalidates.
 */
export function ssrRoutes(
  services: AppServices,
  options: SsrOptions | undefined,
  features: readonly Feature[],
): FastifyPluginAsyncZod {
  return async (app) => {
    if (!options) return;
    const clientDir = path.join(options.buildDir, 'client');
    const build = (await import(path.join(options.buildDir, 'server', 'index.js'))) as ServerBuild;
    const handle = createRequestHandler(
      build,
      services.env.nodeEnv === 'production' ? 'production' : 'development',
    );

    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes each file's brotli and gzip beside it (vite.config.ts): sent as they
      // are, at the strongest compression, with no work per request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });

    // React Router reads form posts itself.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const pageCache = createPageCache({ ttlMs: PAGE_CACHE_MS, maxEntries: 1_000 });
    const cacheKeyOf = (request: FastifyRequest) => {
      // A staff member's page (the asid cookie, sent to /admin only) is as personal as a member's.
      if (
        request.method !== 'GET' ||
        request.cookies[SESSION_COOKIE] ||
        request.cookies[STAFF_SESSION_COOKIE]
      )
        return undefined;
      const { ctx } = request;
      return `${ctx.domain}|${ctx.locale}|${ctx.country ?? ''}|${ctx.trafficSource ? 1 : 0}|${request.url}`;
    };

    async function render(request: FastifyRequest, reply: FastifyReply) {
      if (request.url.startsWith('/api/')) return sendError(reply, 404, 'not_found', 'Not found');
      if (request.method === 'GET') {
        const clean = stripTrafficSourceParams(request.url);
        if (clean && request.ctx.trafficSource) {
          // Stored first-party, then gone from the address bar (and from shared links).
          reply.setCookie(TRAFFIC_SOURCE_COOKIE, JSON.stringify(request.ctx.trafficSource), {
            path: '/',
            maxAge: LIMITS.trafficSourceCookieDays * 24 * 3600,
            sameSite: 'lax',
            httpOnly: true,
          });
          return reply.redirect(clean, 302);
        }
      }
      const { ctx } = request;
      const nonce = randomBytes(16).toString('base64');
      const cacheKey = cacheKeyOf(request);
      const now = Date.now();
      const hit = cacheKey ? pageCache.get(cacheKey, now) : undefined;
      const [{ value: settings }, company, session] = await Promise.all([
        settingsEntryFor(services, ctx),
        companyOf(services).get(),
        request.session(),
      ]);
      reply.header('content-security-policy', contentSecurityPolicy(nonce, settings.cdn_prefix));
      reply.header('vary', 'cookie');
      if (hit) {
        reply.status(hit.status).headers(Object.fromEntries(hit.headers));
        return reply.send(hit.body.replaceAll(hit.nonce, nonce));
      }
      const context: WebLoadContext = {
        locale: ctx.locale,
        nonce,
        settings,
        company,
        t: services.translations.t(ctx.locale),
        messages: services.translations.pageCommon(ctx.locale),
        legal: {
          t: services.translations.t(ctx.locale, 'legal'),
          messages: services.translations.namespace(ctx.locale, 'legal'),
        },
        pageTexts: (ns) => services.translations.pageTexts(ctx.locale, ns),
        country: ctx.country,
        user: session ? await services.state.of(userAnswersState).present(session, ctx.domain) : null,
        isDevelopment: services.env.nodeEnv !== 'production',
        ...featureParts(features, services, { app, request, reply, session }),
      };
      // Route middleware (future.v8_middleware) requires a RouterContextProvider; loaders read the
      // same fields from it as before (src/web/lib/load-context.ts).
      const response = await handle(
        toWebRequest(request, reply),
        Object.assign(new RouterContextProvider(), context),
      );
      if (cacheKey && response.status === 200 && response.headers.getSetCookie().length === 0) {
        const body = await response.text();
        const headers = [...response.headers].filter(([k]) => k !== 'content-length');
        pageCache.set(cacheKey, { at: now, status: response.status, headers, body, nonce });
        reply.status(response.status).headers(Object.fromEntries(headers));
        return reply.send(body);
      }
      return sendWebResponse(reply, response);
    }

    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: render,
    });
  };
}
