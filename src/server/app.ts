import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type SsrOptions, ssrRoutes } from './features/ssr/ssr.routes.ts';
import { FEATURES } from './features.ts';
import { COMPRESS_THRESHOLD_BYTES } from './lib/encoded-body.ts';
import { createLazyChildLogger } from './lib/lazy-child-logger.ts';
import { answerUnroutable, registerErrorHandling } from './plugins/errors.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { registerRouteActors } from './plugins/route-actor.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import type { AppServices } from './services.ts';

type BuildOptions = {
  /** The React Router server build; tests of the API alone leave it out. */
  web?: SsrOptions;
  logger?: boolean | object;
};

/** Fastify's types take no hop count, though proxy-addr does: the same rule as a function. */
function trustProxyOption(trust: false | number | string) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Registers plugins, then features, in a visible order. Opening a port is main.ts's business. */
export async function buildApp(services: AppServices, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger === false ? undefined : (services.log as FastifyBaseLogger),
    logger: options.logger === false ? false : undefined,
    childLoggerFactory: createLazyChildLogger,
    // request.ip is the socket's address unless the request came through a configured proxy.
    trustProxy: trustProxyOption(services.env.trustProxy),
    bodyLimit: 1_048_576,
    frameworkErrors: answerUnroutable,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  // At the root and before the session's hooks: its onRequest marks an upgrade request, so that a
  // request refused by an earlier hook (a foreign Origin) still has its raw socket closed after the
  // answer. Registered in a feature's scope, such a socket stayed open.
  await app.register(websocket, { options: { maxPayload: 4_096 } });
  registerSecurityHeaders(app, { https: services.env.publicUrl.startsWith('https://') });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } },
  });
  // Before the limiter: a route's `rateLimit.per` becomes its key when the limiter reads the route.
  registerRouteActors(app);
  await app.register(rateLimit, { global: false, store: services.rateLimits.Store });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Liefdesplein API',
        version: '1.0.0',
        description: 'Every call of the product, generated from the zod contracts.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its own policy with the hashes of its inline parts; nothing from other hosts (no validator
    // badge, no https: wildcards), not framed, and no forced https on a plain-http development site.
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/ validator\.swagger\.io| https:/g, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/ ?upgrade-insecure-requests;?/, ''),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  registerErrorHandling(app);
  registerRequestContext(app, services);
  registerSessions(app, services);

  for (const feature of FEATURES) {
    if (feature.routes && (feature.servedWhen?.(services.env) ?? true))
      await app.register(feature.routes(services));
  }
  // Last: the pages' catch-all, with every feature's part of the load context.
  await app.register(ssrRoutes(services, options.web, FEATURES));
  return app as unknown as FastifyInstance;
}
