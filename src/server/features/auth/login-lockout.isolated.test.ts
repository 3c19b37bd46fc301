import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn, type TestMember } from '../../test/members.ts';
import { attemptKeys, pruneLoginLockout } from './lockout.service.ts';
import { hashPassword } from './passwords.ts';

/** How many passwords the server really checked: the lockout must count before it verifies. */
const verified = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords.ts')>();
  return {
    ...original,
    verifyPassword: (hash: string | null, password: string) => {
      verified.count += 1;
      return original.verifyPassword(hash, password);
    },
  };
});

// The per-IP limiter is not what these tests are about.
const { app, services } = await createTestApp({ LOGIN_RATE_LIMIT: '100000' });
let clock = new Date('2026-06-01T12:00:00Z');
services.now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const PASSWORD = 'Zonnebloem-2026!';
const passwordHash = await hashPassword(PASSWORD);
const newMember = () => createMember(services.db, { passwordHash });

let ipCounter = 0;
const ip = () => {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

function login(email: string, password: string, cookies: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/user.php',
    payload: { email, password },
    cookies,
    remoteAddress: ip(),
  });
}

const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'ldev');
const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });
const statuses = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((acc, res) => {
    acc[res.statusCode] = (acc[res.statusCode] ?? 0) + 1;
    return acc;
  }, {});

describe('the login lockout under concurrency', () => {
  it('checks at most 5 of 50 parallel wrong passwords, and still refuses the right one while locked', async () => {
    const member = await newMember();
    verified.count = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => login(member.email, 'wrong')));
    expect(verified.count).toBe(5);
    // Four wrong answers, then the fifth wrong one locks; the other 45 were never checked.
    expect(statuses(answers)).toEqual({ 401: 4, 429: 46 });
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json().error).toMatchObject({ code: 'account_locked', details: { minutes: 15 } });
    }
    const right = await login(member.email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(verified.count).toBe(5);
  });

  it('gives an account 5 checks whatever identifier is typed, without saying the identifiers belong together', async () => {
    const member = await newMember();
    for (let i = 0; i < 5; i += 1) await login(member.email, 'wrong');
    verified.count = 0;
    // The username gets the answers of any identifier nobody has tried yet, and checks nothing real.
    const byName = [];
    for (let i = 0; i < 6; i += 1) byName.push(answer(await login(member.name, PASSWORD)));
    const fresh = [];
    for (let i = 0; i < 6; i += 1) fresh.push(answer(await login(`fresh-${member.name}`, PASSWORD)));
    expect(byName).toEqual(fresh);
    expect(byName.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429]);
  });
});

describe('a locked identifier says nothing about whether it has an account', () => {
  it('answers an unknown address exactly like a known one, attempt for attempt, until both unlock after 15 minutes', async () => {
    const member = await newMember();
    const unknown = `nobody-${member.id}@example.nl`;
    const known: unknown[] = [];
    const missing: unknown[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(answer(await login(member.email, 'wrong')));
      missing.push(answer(await login(unknown, 'wrong')));
    }
    expect(missing).toEqual(known);
    expect(known.map((a) => (a as { status: number }).status)).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect((known[6] as { body: unknown }).body).toEqual({
      error: {
        code: 'account_locked',
        message: 'Too many incorrect attempts, account blocked for 15 min.',
        details: { minutes: 15 },
      },
    });
    expect((known[0] as { body: unknown }).body).toEqual({
      error: { code: 'login_failed', message: 'Login failed, please try again' },
    });

    advance(14 * 60_000);
    const almost = [answer(await login(member.email, PASSWORD)), answer(await login(unknown, PASSWORD))];
    expect(almost[0]).toEqual(almost[1]);
    expect(almost[0]?.body.error).toMatchObject({ code: 'account_locked', details: { minutes: 1 } });

    advance(60_000 + 1_000);
    expect((await login(member.email, PASSWORD)).statusCode).toBe(200);
    expect((await login(unknown, PASSWORD)).statusCode).toBe(401);
  });

  it('answers a password reset the same for every address, and mails only an account', async () => {
    const member = await newMember();
    const ask = (email: string) =>
      app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email }, remoteAddress: ip() });
    const known = await ask(member.email.toUpperCase());
    const unknown = await ask(`nobody-${member.id}@example.nl`);
    expect(answer(unknown)).toEqual(answer(known));
    expect(known.json()).toEqual({ ok: true });
    await services.jobs.drain();
    const mails = await services.mailer.listStored();
    expect(mails.filter((m) => m.to === member.email && m.text.includes('/reset-password/do'))).toHaveLength(
      1,
    );
    expect(mails.filter((m) => m.to === `nobody-${member.id}@example.nl`)).toHaveLength(0);
  });
});

describe('the owner is not locked out by a stranger', () => {
  async function lockedByStranger(member: TestMember) {
    const first = await login(member.email, PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    for (let i = 0; i < 6; i += 1) await login(member.email, 'wrong');
    expect((await login(member.email, PASSWORD)).statusCode).toBe(429);
    return device?.value as string;
  }

  it('remembers a browser that logged in, in a year-long HttpOnly Lax cookie sent only to the login', async () => {
    const member = await newMember();
    const res = await login(member.email, PASSWORD);
    const device = deviceOf(res);
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/user.php',
      maxAge: 365 * 86_400,
    });
    expect(device?.value).toMatch(/^[\w-]{40,}$/);
    // Logging in again from the same browser keeps the token (and renews its year).
    const again = await login(member.email, PASSWORD, { ldev: device?.value as string });
    expect(deviceOf(again)?.value).toBe(device?.value);
  });

  it('lets the owner in from a browser they used before while a stranger has locked the account', async () => {
    const member = await newMember();
    const ldev = await lockedByStranger(member);
    const owner = await login(member.email, PASSWORD, { ldev });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user.email).toBe(member.email);
    // The owner's success did not lift the stranger's lock.
    expect((await login(member.email, PASSWORD)).statusCode).toBe(429);
  });

  it("counts the owner's browser on its own: five wrong there lock that browser, not others", async () => {
    const member = await newMember();
    const ldev = deviceOf(await login(member.email, PASSWORD))?.value as string;
    const other = deviceOf(await login(member.email, PASSWORD))?.value as string;
    verified.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(member.email, 'wrong', { ldev })),
    );
    expect(verified.count).toBe(5);
    expect(statuses(answers)).toEqual({ 401: 4, 429: 16 });
    expect((await login(member.email, PASSWORD, { ldev })).statusCode).toBe(429);
    expect((await login(member.email, PASSWORD, { ldev: other })).statusCode).toBe(200);
  });

  it("gives no way around the lock with another account's browser or a made-up token", async () => {
    const member = await newMember();
    const stranger = await newMember();
    await lockedByStranger(member);
    const strangersDevice = deviceOf(await login(stranger.email, PASSWORD))?.value as string;
    expect((await login(member.email, PASSWORD, { ldev: strangersDevice })).statusCode).toBe(429);
    expect((await login(member.email, PASSWORD, { ldev: 'made-up' })).statusCode).toBe(429);
  });

  it('lifts every lock with a password reset from the mailbox', async () => {
    const member = await newMember();
    await lockedByStranger(member);
    await app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: member.email },
      remoteAddress: ip(),
    });
    await services.jobs.drain();
    const mail = (await services.mailer.listStored()).find(
      (m) => m.to === member.email && m.text.includes('/reset-password/do'),
    );
    const token = decodeURIComponent(mail?.text.match(/token=(\S+)/)?.[1] ?? '');
    const done = await app.inject({
      method: 'POST',
      url: '/api/password-reset-do.php',
      payload: { token, password: 'Nieuw-wachtwoord1', password_repeat: 'Nieuw-wachtwoord1' },
    });
    expect(done.statusCode).toBe(200);
    expect((await login(member.email, 'Nieuw-wachtwoord1')).statusCode).toBe(200);
  });
});

describe("a member's own password checks are limited too", () => {
  const changePassword = (session: Awaited<ReturnType<typeof logIn>>, old: string) =>
    app.inject({
      method: 'POST',
      url: '/api/password.php',
      ...session,
      payload: { old_password: old, password: 'Andere-sleutel-9', password_repeat: 'Andere-sleutel-9' },
    });

  it('checks at most 5 of 30 parallel wrong old passwords, shares the limit with e-mail change and deletion, and lifts it after 15 minutes', async () => {
    const member = await newMember();
    const session = await logIn(services.db, member.id, clock);
    verified.count = 0;
    const answers = await Promise.all(Array.from({ length: 30 }, () => changePassword(session, 'wrong')));
    expect(verified.count).toBe(5);
    expect(statuses(answers)).toEqual({ 400: 4, 429: 26 });
    expect(answers.find((r) => r.statusCode === 429)?.json().error).toEqual({
      code: 'password_checks_locked',
      message: 'Too many incorrect passwords. Please try again in 15 min.',
      details: { minutes: 15 },
    });
    expect((await changePassword(session, PASSWORD)).statusCode).toBe(429);
    const mailChange = await app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      ...session,
      payload: { email: `new-${member.id}@example.nl`, password: PASSWORD },
    });
    expect(mailChange.statusCode).toBe(429);
    const deletion = await app.inject({
      method: 'POST',
      url: '/api/account-delete.php',
      ...session,
      payload: { reason: 'time', password: PASSWORD },
    });
    expect(deletion.statusCode).toBe(429);
    expect(verified.count).toBe(5);
    // Logins are counted apart: the member's checks in a session lock nobody out of logging in.
    expect((await login(member.email, PASSWORD)).statusCode).toBe(200);

    advance(15 * 60_000 + 1_000);
    expect((await changePassword(session, PASSWORD)).statusCode).toBe(200);
  });

  it('clears the count after a right password', async () => {
    const member = await newMember();
    const session = await logIn(services.db, member.id, clock);
    for (let i = 0; i < 4; i += 1) expect((await changePassword(session, 'wrong')).statusCode).toBe(400);
    const mailChange = await app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      ...session,
      payload: { email: `new-${member.id}@example.nl`, password: PASSWORD },
    });
    expect(mailChange.statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await changePassword(session, 'wrong')).statusCode).toBe(400);
  });
});

describe('what the lockout keeps', () => {
  it('forgets wrong passwords after 15 quiet minutes, and prunes what no longer counts', async () => {
    const member = await newMember();
    const locked = `locked-${member.id}@example.nl`;
    for (let i = 0; i < 4; i += 1) expect((await login(member.email, 'wrong')).statusCode).toBe(401);
    for (let i = 0; i < 5; i += 1) await login(locked, 'wrong');
    advance(15 * 60_000);
    // Four more after a quiet quarter of an hour start a new count instead of locking.
    expect((await login(member.email, 'wrong')).statusCode).toBe(401);
    const keys = [attemptKeys.login(member.email), attemptKeys.login(locked)];
    const rows = async () =>
      (await services.pool.query('select key from login_attempts where key = any($1)', [keys])).rows.map(
        (row) => row.key,
      );
    advance(60_000);
    await pruneLoginLockout(services.db, clock);
    // The lock ran out a minute ago and nothing came since: gone. The fresh count stays.
    expect(await rows()).toEqual([attemptKeys.login(member.email)]);
    advance(15 * 60_000);
    await pruneLoginLockout(services.db, clock);
    expect(await rows()).toEqual([]);
  });
});
