import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DELETE_REASONS } from '../../shared/contracts/auth.ts';
import type { ActiveSession } from '../features/auth/sessions.service.ts';
import type { MemberViewer, Viewer } from '../policy/viewer.ts';
import { createTestApp } from '../test/app.ts';
import { createMember, logIn, type TestLogin } from '../test/members.ts';
import { registerRouteActors } from './route-actor.ts';

const { app, services } = await createTestApp();
const db = services.db;

/** A visitor's address of the test's own, so no other test's hits count in its limits. */
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

function call(
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  options: { login?: TestLogin; remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    payload,
    remoteAddress: options.remoteAddress ?? newAddress(),
    cookies: options.login?.cookies,
    headers: { ...options.login?.headers, ...options.headers },
  });
}

async function member() {
  const { id } = await createMember(db);
  return { id, login: await logIn(db, id, services.now()) };
}

describe("a route's actor", () => {
  it('refuses a visitor and a stale session with authentication_required, whatever they sent', async () => {
    const them = await member();
    const stale: TestLogin = { cookies: { sid: 'no-such-session' }, headers: { 'x-csrf-token': 'x' } };
    for (const login of [undefined, stale]) {
      for (const payload of [{ id: them.id }, { id: 'not a number' }, {}]) {
        const answer = await call('POST', '/api/block.php', payload, { login });
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json().error.code).toBe('authentication_required');
      }
    }
  });

  it("hands a member's route the member, and validates the body after", async () => {
    const me = await member();
    const them = await member();
    expect((await call('POST', '/api/block.php', { id: them.id }, { login: me.login })).statusCode).toBe(200);
    const invalid = await call('POST', '/api/block.php', { id: 'not a number' }, { login: me.login });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('validation_failed');
  });

  it('types request.viewer and request.memberSession by the actor the route declares', () => {
    const bare = Fastify();
    registerRouteActors(bare);
    bare.get('/member', { config: { actor: 'member' } }, (request) => {
      expectTypeOf(request.viewer).toEqualTypeOf<MemberViewer>();
      expectTypeOf(request.memberSession).toEqualTypeOf<ActiveSession>();
      return null;
    });
    bare.get('/any', { config: { actor: 'any' } }, (request) => {
      expectTypeOf(request.viewer).toEqualTypeOf<Exclude<Viewer, { kind: 'staff' }>>();
      expectTypeOf(request.memberSession).toEqualTypeOf<ActiveSession | null>();
      return null;
    });
    bare.get('/nobody', (request) => {
      expectTypeOf(request.viewer).toEqualTypeOf<null>();
      return null;
    });
  });
});

describe("a route's rate limit", () => {
  // POST /api/retention-offer.php: 10 a minute per session. An invalid body is counted and answered 400.
  const RETENTION = '/api/retention-offer.php';
  const RETENTION_MAX = 10;

  it('per session: refused with rate_limited past the limit, however the address is forged', async () => {
    const me = await member();
    const remoteAddress = newAddress();
    for (let i = 0; i < RETENTION_MAX; i += 1) {
      const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      const answer = await call('POST', RETENTION, {}, { login: me.login, remoteAddress, headers });
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const over = await call(
      'POST',
      RETENTION,
      {},
      { login: me.login, remoteAddress, headers: { 'x-forwarded-for': '203.0.113.99' } },
    );
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');

    // Another session behind the same address has a count of its own.
    const other = await member();
    expect((await call('POST', RETENTION, {}, { login: other.login, remoteAddress })).statusCode).toBe(400);
  });

  it('per session: a visitor is counted by address, and a forged header or invented cookie does not escape', async () => {
    const remoteAddress = newAddress();
    const stay = { reason: DELETE_REASONS[0] };
    for (let i = 0; i < RETENTION_MAX; i += 1) {
      const answer = await call('POST', RETENTION, stay, {
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}`, cookie: `sid=invented-${i}` },
      });
      expect(answer.statusCode, answer.body).toBe(403);
    }
    const over = await call('POST', RETENTION, stay, {
      remoteAddress,
      headers: { cookie: 'sid=invented-again' },
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
  });

  it('per member: all the sessions of a member share one count', async () => {
    // PUT /api/invisible.php: 30 an hour per member.
    const { id } = await member();
    const logins = [await logIn(db, id, services.now()), await logIn(db, id, services.now())];
    for (let i = 0; i < 30; i += 1) {
      const answer = await call('PUT', '/api/invisible.php', {}, { login: logins[i % 2] });
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const over = await call('PUT', '/api/invisible.php', {}, { login: await logIn(db, id, services.now()) });
    expect(over.statusCode).toBe(429);
  });

  it('takes per or a keyGenerator, never both', () => {
    const bare = Fastify();
    registerRouteActors(bare);
    expect(() =>
      bare.get(
        '/both',
        { config: { rateLimit: { max: 1, timeWindow: 1000, per: 'session', keyGenerator: () => 'x' } } },
        () => null,
      ),
    ).toThrow(/per or keyGenerator/);
  });
});
