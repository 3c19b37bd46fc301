import cookie from '@fastify/cookie';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { ServiceResult } from '../../shared/load-context.ts';
import type { Feature, LoadContextPart } from '../feature.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { registerRequestContext } from '../plugins/request-context.ts';
import { registerSessions } from '../plugins/session.ts';
import type { AppServices } from '../services.ts';
import type { TestLogin } from './members.ts';

/** What a page's loader asks of the feature's part, or undefined where the part no longer offers it. */
type PageCall = (
  part: LoadContextPart,
  request: FastifyRequest<{ Params: Record<string, string> }>,
) => Promise<ServiceResult<unknown>> | undefined;

/**
 * A stand-in for the server-rendered pages that ask a feature's load-context part: the SSR route needs
 * the web build, so each path here is a route behind the same plugins (cookies, request context,
 * sessions, errors), handed what the SSR route hands the part (the request, the session) and answering
 * what the page's loader gets. Closed after the file's tests.
 */
export async function loadContextPages(
  services: AppServices,
  feature: Feature,
  calls: Record<string, PageCall>,
): Promise<<T>(url: string, login: TestLogin | null, zone?: string) => Promise<ServiceResult<T>>> {
  const page = Fastify();
  await page.register(cookie);
  registerErrorHandling(page);
  registerRequestContext(page, services);
  registerSessions(page, services);
  for (const [path, call] of Object.entries(calls))
    page.get<{ Params: Record<string, string> }>(path, async (request, reply) => {
      const session = await request.session();
      const part = feature.loadContext?.(services, { app: page, request, reply, session }) ?? {};
      const answer = call(part, request);
      if (!answer) throw new Error(`the ${feature.name} feature no longer offers ${path} its data`);
      return answer;
    });
  await page.ready();
  afterAll(() => page.close());
  // The login's cookies, and the tz cookie the browser writes before any script of the page has run.
  return async <T>(url: string, login: TestLogin | null, zone?: string) => {
    const res = await page.inject({ url, cookies: { ...login?.cookies, ...(zone ? { tz: zone } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ServiceResult<T>;
  };
}
