import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../shared/realtime/events.ts';
import { users } from '../../db/schema/index.ts';
import { COMPRESS_THRESHOLD_BYTES } from '../../lib/encoded-body.ts';
import { createTestApp } from '../../test/app.ts';
import { addPhoto, blockMember, createMember } from '../../test/members.ts';
import { photoFileKey } from '../photos/photos.keys.ts';
import { realtimeMember } from '../realtime/realtime.service.ts';
import { attemptKeys } from './lockout.service.ts';

const { app, services } = await createTestApp();
let clock = new Date('2026-06-01T12:00:00Z');
services.now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let counter = 0;
let ipCounter = 0;
/** Every request from its own address, so the per-IP limits do not get in the way of other tests. */
const ip = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.7`;
};
function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `member${counter}@example.nl`,
    // Not createMember's `Member<n>`: its counter runs on across the files a worker shares, and
    // once met this file's number in this database (name_taken).
    name: `Signup${counter}`,
    password: 'Zonnebloem-2026!',
    date_of_birth: '1990-05-17',
    gender: 'female',
    sexuality: 'hetero',
    country: 'NL',
    region: 'NL-UT',
    city: 'Utrecht',
    accept_terms: true,
    ...overrides,
  };
}

const sidOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid');

async function signUp(overrides: Record<string, unknown> = {}, cookies: Record<string, string> = {}) {
  const body = signupBody(overrides);
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup.php',
    payload: body,
    cookies,
    remoteAddress: ip(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const sid = sidOf(res)?.value as string;
  return { body, res, sid, user: res.json().user };
}

async function mailsTo(email: string) {
  await services.jobs.drain();
  return (await services.mailer.listStored()).filter((m) => m.to === email);
}

const linkIn = (text: string) => text.match(/https?:\/\/\S+token=\S+/)?.[0] as string;
const tokenIn = (text: string) =>
  decodeURIComponent(new URL(linkIn(text)).searchParams.get('token') as string);

describe('sign-up', () => {
  it('creates a not_confirmed account with signup credits, logs in with a 30-day HttpOnly Lax cookie', async () => {
    const { res, user } = await signUp(
      {},
      { traffic_source: JSON.stringify({ network: 'adnet', sub1: 'c7' }) },
    );
    expect(user.status).toBe('not_confirmed');
    expect(user.credits).toBe(20);
    expect(user.profile.age).toBe(36);
    const cookie = sidOf(res);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    expect(cookie?.path).toBe('/');
    const tracking = await services.pool.query(
      'select network, sub1 from tracking_records where user_id = $1',
      [user.id],
    );
    expect(tracking.rows).toEqual([{ network: 'adnet', sub1: 'c7' }]);
  });

  it('answers every validation rule with its code', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'same@example.nl', email: 'same@example.nl' }, 'name', 'name_equals_email'],
      [{ name: '@jan' }, 'name', 'name_starts_with_at'],
      [{ email: 'not-an-email' }, 'email', 'invalid_email'],
      [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'date_of_birth_min_age'],
      [{ date_of_birth: '1990-02-31' }, 'date_of_birth', 'invalid_date_of_birth'],
      [{ password: 'kort' }, 'password', 'password_too_short'],
      [{ accept_terms: false }, 'accept_terms', 'accept_terms_required'],
      [{ email: 'x@mailinator.com' }, 'email', 'email_disposable'],
      [{ country: 'NL', region: 'DE-BY' }, 'region', 'region_invalid'],
      [{ region: 'nonsense' }, 'region', 'region_invalid'],
    ];
    for (const [overrides, field, code] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/signup.php',
        remoteAddress: ip(),
        payload: signupBody(overrides),
      });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.details.fieldErrors[field], code).toContain(code);
    }
  });

  it('refuses an e-mail that already has an account', async () => {
    const { body } = await signUp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      remoteAddress: ip(),
      payload: signupBody({ email: body.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_exists');
  });

  it('checks the address on the e-mail step as the sign-up would at its end, within limits per address and per IP', async () => {
    const { body } = await signUp();
    const check = (email: string, remoteAddress = ip()) =>
      app.inject({ method: 'POST', url: '/api/signup-email.php', remoteAddress, payload: { email } });
    const free = await check(`  Vrij${counter}@Example.nl `);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toEqual({ ok: true });
    const taken = await check(body.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'email_exists',
      message: 'An account with this e-mail address already exists',
    });
    expect((await check('iemand@mailinator.com')).json().error.details.fieldErrors.email).toEqual([
      'email_disposable',
    ]);
    expect((await check('geen-adres')).statusCode).toBe(400);
    const leaving = await createMember(services.db, { status: 'pending_deletion' });
    expect((await check(leaving.email)).json().error.code).toBe('email_pending_deletion');

    // One address, from ever new addresses: 10 an hour.
    const probed = `geprobeerd${counter}@example.nl`;
    for (let i = 0; i < 10; i++) expect((await check(probed)).statusCode).toBe(200);
    const perAddress = await check(probed);
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json().error.code).toBe('rate_limited');
    // One IP, ever new addresses: six checks for each of its sign-ups an hour (5 here).
    const from = ip();
    for (let i = 0; i < 30; i++)
      expect((await check(`ander${counter}-${i}@example.nl`, from)).statusCode).toBe(200);
    expect((await check(`ander${counter}-laatste@example.nl`, from)).statusCode).toBe(429);
    advance(3_600_000);
  });

  it('is closed when signups is not all (and with_trafficsource without a source)', async () => {
    await services.settings.update('invite.nl', { signups: 'with_trafficsource' });
    const closed = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      remoteAddress: ip(),
      headers: { host: 'invite.nl' },
      payload: signupBody(),
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.code).toBe('signups_closed');
    const open = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      remoteAddress: ip(),
      headers: { host: 'invite.nl' },
      cookies: { traffic_source: JSON.stringify({ network: 'x' }) },
      payload: signupBody(),
    });
    expect(open.statusCode).toBe(200);
  });
});

describe('activation', () => {
  it('mails a link that activates once', async () => {
    const { body, sid } = await signUp();
    const [mail] = await mailsTo(body.email);
    expect(mail?.subject).toBeTruthy();
    expect(mail?.html).toContain('token=');
    const url = new URL(linkIn(mail!.text));
    const first = await app.inject({ url: `${url.pathname}${url.search}` });
    expect(first.headers.location).toBe('/activate/done');
    const user = await app.inject({ url: '/api/user.php', cookies: { sid } });
    expect(user.json().user.status).toBe('active');
    // Opened again (a mail client that opens links in advance, a second click): the address is
    // confirmed, and the page says so instead of a failure.
    const again = await app.inject({ url: `${url.pathname}${url.search}` });
    expect(again.headers.location).toBe('/activate/done?already=1');
    expect((await app.inject({ url: '/api/activate.php?token=nonsense' })).headers.location).toBe(
      '/activate/error',
    );
    expect((await app.inject({ url: '/api/activate.php' })).headers.location).toBe('/activate/error');
  });

  it('unlocks the open conversations of those the member wrote to, live: they can answer now', async () => {
    const { body, sid } = await signUp();
    const csrf = (await app.inject({ url: '/api/user.php', cookies: { sid } })).json().user.csrf_token;
    const partner = await createMember(services.db);
    const heard: { userId: number; event: ServerEvent }[] = [];
    await services.bus.subscribe(realtimeMember, (payload) => {
      if (payload.userId === partner.id && payload.event.type === 'partner_changed') heard.push(payload);
    });
    const hello = await app.inject({
      method: 'POST',
      url: '/api/chat-message.php',
      cookies: { sid },
      headers: { 'x-csrf-token': csrf },
      payload: { to: { id: partner.id }, client_id: randomUUID(), body: 'Hallo!' },
    });
    expect(hello.statusCode, hello.body).toBe(200);
    await services.bus.sync();
    expect(heard).toEqual([]);
    const [mail] = await mailsTo(body.email);
    const url = new URL(linkIn(mail!.text));
    await app.inject({ url: `${url.pathname}${url.search}` });
    await services.bus.sync();
    expect(heard).toEqual([
      {
        userId: partner.id,
        event: { type: 'partner_changed', conversation: hello.json().message.conversation },
      },
    ]);
    // Opened again, nothing changes and nobody is told again.
    await app.inject({ url: `${url.pathname}${url.search}` });
    await services.bus.sync();
    expect(heard).toHaveLength(1);
  });

  it('fails for a link that expired before the address was confirmed, and for a disabled account', async () => {
    const { body, sid } = await signUp();
    const [mail] = await mailsTo(body.email);
    const url = new URL(linkIn(mail!.text));
    const open = () => app.inject({ url: `${url.pathname}${url.search}` });
    // Past its 30 days (the session, which would end with them, is not what this is about).
    await services.pool.query(
      `update account_tokens set expires_at = $2 where user_id = (select id from users where email = $1)`,
      [body.email, new Date(clock.getTime() - 1000)],
    );
    expect((await open()).headers.location).toBe('/activate/error');
    const user = await app.inject({ url: '/api/user.php', cookies: { sid } });
    expect(user.json().user.status).toBe('not_confirmed');

    // Confirmed through a fresh link: the expired one now only says it is done.
    const resent = await app.inject({
      method: 'POST',
      url: '/api/activation-resend.php',
      cookies: { sid },
      headers: { 'x-csrf-token': user.json().user.csrf_token },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = (await mailsTo(body.email)).find((m) => linkIn(m.text) !== linkIn(mail!.text));
    const freshUrl = new URL(linkIn(fresh!.text));
    expect((await app.inject({ url: `${freshUrl.pathname}${freshUrl.search}` })).headers.location).toBe(
      '/activate/done',
    );
    expect((await open()).headers.location).toBe('/activate/done?already=1');

    await services.pool.query(`update users set status = 'disabled' where email = $1`, [body.email]);
    expect((await open()).headers.location).toBe('/activate/error');
  });
});

describe('login and sessions', () => {
  it('logs in with e-mail or username and returns the user', async () => {
    const { body } = await signUp();
    const byEmail = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user.email).toBe(body.email);
    const byName = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.name, password: body.password },
    });
    expect(byName.statusCode).toBe(200);
  });

  it('answers a login with the member exactly as GET user.php then shows them, and clears failed attempts', async () => {
    const { body, user } = await signUp();
    await addPhoto(services.db, user.id, { main: true });
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: body.name, password },
        remoteAddress: ip(),
      });
    for (let i = 0; i < 4; i += 1) expect((await login('wrong')).statusCode).toBe(401);
    const res = await login(body.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().user.profile.main_image?.status).toBe('approved');
    const sid = sidOf(res)?.value as string;
    const after = await app.inject({ url: '/api/user.php', cookies: { sid } });
    expect(res.json()).toEqual(after.json());
    // The four failures were cleared by the login: four more do not lock the account yet.
    for (let i = 0; i < 4; i += 1) expect((await login('wrong')).statusCode).toBe(401);
    expect((await login('wrong')).statusCode).toBe(429);
    const [row] = await services.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastActiveAt?.getTime()).toBe(clock.getTime());
  });

  it('GET user.php answers the same member until something changes, and the age on the birthday', async () => {
    const saved = clock;
    try {
      clock = new Date('2026-05-16T23:00:00Z');
      const { sid } = await signUp({ date_of_birth: '1990-05-17' });
      const get = () => app.inject({ url: '/api/user.php', cookies: { sid } });
      const first = await get();
      expect((await get()).body).toBe(first.body);
      expect(first.json().user.profile.age).toBe(35);
      clock = new Date('2026-05-17T00:30:00Z');
      expect((await get()).json().user.profile.age).toBe(36);
      const put = await app.inject({
        method: 'PUT',
        url: '/api/user.php',
        cookies: { sid },
        headers: { 'x-csrf-token': first.json().user.csrf_token },
        payload: { language: 'de' },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await get()).json().user.language).toBe('de');
    } finally {
      clock = saved;
    }
  });

  it('GET user.php negotiates compression like the plugin would (its small answer goes plain)', async () => {
    const { sid } = await signUp();
    const plain = await app.inject({ url: '/api/user.php', cookies: { sid } });
    expect(plain.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    const res = await app.inject({
      url: '/api/user.php',
      cookies: { sid },
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(plain.body);
  });

  it('says login failed for a wrong password or unknown account, and locks after 5 failures for 15 minutes', async () => {
    const { body } = await signUp();
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: 'nobody@example.nl', password: 'x' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('login_failed');
    expect(unknown.json().error.message).toBe('Login failed, please try again');
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 5; i += 1) {
      last = await app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: body.email, password: 'wrong' },
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json().error).toMatchObject({ code: 'account_locked', details: { minutes: 15 } });
    expect(last?.json().error.message).toBe('Too many incorrect attempts, account blocked for 15 min.');
    const stillLocked = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
    });
    expect(stillLocked.statusCode).toBe(429);
    advance(15 * 60_000 + 1_000);
    const after = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
    });
    expect(after.statusCode).toBe(200);
  });

  it('answers 403 authentication_required without a session, and after logout', async () => {
    const none = await app.inject({ url: '/api/user.php' });
    expect(none.statusCode).toBe(403);
    expect(none.body).toContain('authentication_required');
    const { sid } = await signUp();
    expect((await app.inject({ url: '/api/user.php', cookies: { sid } })).statusCode).toBe(200);
    // As the web client's call arrives from a browser (one proof of the site is required).
    const out = await app.inject({
      url: '/api/logout.php',
      cookies: { sid },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(200);
    expect(sidOf(out)?.value).toBe('');
    expect((await app.inject({ url: '/api/user.php', cookies: { sid } })).statusCode).toBe(403);
  });

  it('expires sessions after 30 days', async () => {
    const { sid } = await signUp();
    advance(30 * 86_400_000 + 1_000);
    expect((await app.inject({ url: '/api/user.php', cookies: { sid } })).statusCode).toBe(403);
  });

  it('every member route refuses a visitor', async () => {
    for (const [method, url] of [
      ['PUT', '/api/user.php'],
      ['POST', '/api/password.php'],
      ['POST', '/api/mail-change.php'],
      ['POST', '/api/account-delete.php'],
      ['POST', '/api/activation-resend.php'],
    ] as const) {
      const payload =
        url === '/api/user.php'
          ? { language: 'de' }
          : url === '/api/password.php'
            ? { old_password: 'a', password: 'bbbbbbbb', password_repeat: 'bbbbbbbb' }
            : url === '/api/mail-change.php'
              ? { email: 'a@b.nl', password: 'x' }
              : url === '/api/account-delete.php'
                ? { reason: 'time', password: 'x' }
                : {};
      const res = await app.inject({ method, url, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('authentication_required');
    }
  });
});

describe('CSRF', () => {
  it('refuses a member call without the session CSRF token, and cross-site posts', async () => {
    const { sid, user } = await signUp();
    const without = await app.inject({
      method: 'PUT',
      url: '/api/user.php',
      cookies: { sid },
      payload: { language: 'de' },
    });
    expect(without.statusCode).toBe(403);
    expect(without.json().error.code).toBe('csrf_failed');
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/user.php',
      cookies: { sid },
      headers: { 'x-csrf-token': 'nope' },
      payload: { language: 'de' },
    });
    expect(wrong.statusCode).toBe(403);
    const ok = await app.inject({
      method: 'PUT',
      url: '/api/user.php',
      cookies: { sid },
      headers: { 'x-csrf-token': user.csrf_token },
      payload: { language: 'de' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.language).toBe('de');
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.nl', password: 'x' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('csrf_failed');
  });
});

describe('password reset', () => {
  it('does not say whether an address is known (docs/decisions/0013)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: 'unknown@example.nl' },
      remoteAddress: '10.1.1.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await mailsTo('unknown@example.nl')).toEqual([]);
  });

  it('mails a single-use link valid for one hour that sets the password and ends other sessions', async () => {
    const { body, sid } = await signUp();
    const ask = await app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: body.email },
      remoteAddress: '10.1.1.2',
    });
    expect(ask.statusCode).toBe(200);
    const mail = (await mailsTo(body.email)).find((m) => m.text.includes('/reset-password/do'));
    const token = tokenIn(mail!.text);
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/password-reset-do.php',
      payload: { token, password: 'Nieuw-wachtwoord1', password_repeat: 'anders' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details.fieldErrors.password_repeat).toEqual(['passwords_not_same']);
    const done = await app.inject({
      method: 'POST',
      url: '/api/password-reset-do.php',
      payload: { token, password: 'Nieuw-wachtwoord1', password_repeat: 'Nieuw-wachtwoord1' },
    });
    expect(done.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user.php', cookies: { sid } })).statusCode).toBe(403);
    const reused = await app.inject({
      method: 'POST',
      url: '/api/password-reset-do.php',
      payload: { token, password: 'Nog-een-keer-1', password_repeat: 'Nog-een-keer-1' },
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error.message).toBe('Link expired or invalid, request a new email');
    const login = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: 'Nieuw-wachtwoord1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const { body } = await signUp();
    await app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: body.email },
      remoteAddress: '10.1.1.3',
    });
    const mail = (await mailsTo(body.email)).find((m) => m.text.includes('/reset-password/do'));
    advance(61 * 60_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/password-reset-do.php',
      payload: {
        token: tokenIn(mail!.text),
        password: 'Nieuw-wachtwoord1',
        password_repeat: 'Nieuw-wachtwoord1',
      },
    });
    expect(res.statusCode).toBe(410);
  });
});

describe('password and e-mail changes', () => {
  it('checks the old password', async () => {
    const { sid, user } = await signUp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/password.php',
      cookies: { sid },
      headers: { 'x-csrf-token': user.csrf_token },
      payload: { old_password: 'wrong', password: 'Andere-sleutel-9', password_repeat: 'Andere-sleutel-9' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fieldErrors.old_password).toEqual(['old_password_wrong']);
  });

  it('confirms a new address through a link sent to it, and refuses a taken or invalid one', async () => {
    const other = await signUp();
    const { sid, user, body } = await signUp();
    const headers = { 'x-csrf-token': user.csrf_token };
    const taken = await app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      cookies: { sid },
      headers,
      payload: { email: other.body.email, password: body.password },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This email address already owns an account on this website.');
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      cookies: { sid },
      headers,
      payload: { email: 'nope', password: body.password },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fieldErrors.email).toEqual(['new_email_invalid']);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      cookies: { sid },
      headers,
      payload: { email: 'nieuw@example.nl', password: body.password },
    });
    expect(ok.statusCode).toBe(200);
    const [mail] = await mailsTo('nieuw@example.nl');
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/mail-change-do.php',
      payload: { token: tokenIn(mail!.text) },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user.php', cookies: { sid } })).json().user.email).toBe(
      'nieuw@example.nl',
    );
  });
});

describe('deletion and reactivation', () => {
  it('hides and logs out, offers reactivation for 14 days', async () => {
    const { sid, user, body } = await signUp();
    const del = await app.inject({
      method: 'POST',
      url: '/api/account-delete.php',
      cookies: { sid },
      headers: { 'x-csrf-token': user.csrf_token },
      payload: { reason: 'found_someone', remarks: 'Via jullie!', password: body.password },
    });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user.php', cookies: { sid } })).statusCode).toBe(403);
    const login = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(409);
    expect(login.json().error.code).toBe('account_pending_deletion');
    const again = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      remoteAddress: ip(),
      payload: signupBody({ email: body.email }),
    });
    expect(again.json().error.code).toBe('email_pending_deletion');
    const mail = (await mailsTo(body.email)).find((m) => m.text.includes('/reactivate'));
    advance(13 * 86_400_000);
    const back = await app.inject({
      method: 'POST',
      url: '/api/reactivate.php',
      payload: { token: tokenIn(mail!.text) },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().user.status).toBe('not_confirmed');
    advance(2 * 86_400_000);
    await services.jobs.drain();
    const row = await services.pool.query('select email, erased_at from users where id = $1', [user.id]);
    expect(row.rows[0]).toEqual({ email: body.email, erased_at: null });
  });

  it('erases the personal data after 14 days and keeps an anonymous stub', async () => {
    const { sid, user, body } = await signUp();
    const photo = await addPhoto(services.db, user.id, { main: true });
    const photoFile = photoFileKey(photo.storageKey, 'large');
    await services.storage.put(photoFile, Buffer.from('webp'), 'image/webp');
    const other = await createMember(services.db);
    await blockMember(services.db, other.id, user.id);
    // What the lockout keeps: a browser the member logged in from, a count of wrong passwords.
    const loggedIn = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
      remoteAddress: ip(),
    });
    expect(loggedIn.cookies.some((c) => c.name === 'ldev')).toBe(true);
    await app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: 'wrong' },
      remoteAddress: ip(),
    });
    const wrongOld = await app.inject({
      method: 'POST',
      url: '/api/password.php',
      cookies: { sid },
      headers: { 'x-csrf-token': user.csrf_token },
      payload: { old_password: 'wrong', password: 'Andere-sleutel-9', password_repeat: 'Andere-sleutel-9' },
    });
    expect(wrongOld.statusCode).toBe(400);
    const lockoutKeys = [
      attemptKeys.login(body.email),
      attemptKeys.account(user.id),
      attemptKeys.session(user.id),
    ];
    const countLockoutRows = async () => ({
      devices: (await services.pool.query('select 1 from login_devices where user_id = $1', [user.id]))
        .rowCount,
      attempts: (await services.pool.query('select 1 from login_attempts where key = any($1)', [lockoutKeys]))
        .rowCount,
    });
    expect(await countLockoutRows()).toEqual({ devices: 1, attempts: 3 });
    await app.inject({
      method: 'POST',
      url: '/api/account-delete.php',
      cookies: { sid },
      headers: { 'x-csrf-token': user.csrf_token },
      payload: { reason: 'time', password: body.password },
    });
    const mail = (await mailsTo(body.email)).find((m) => m.text.includes('/reactivate'));
    advance(14 * 86_400_000 + 60_000);
    await services.jobs.drain();
    const row = await services.pool.query(
      'select email, name, password_hash, status, erased_at from users where id = $1',
      [user.id],
    );
    expect(row.rows[0].email).not.toBe(body.email);
    expect(row.rows[0].password_hash).toBeNull();
    expect(row.rows[0].status).toBe('disabled');
    expect(row.rows[0].erased_at).not.toBeNull();
    expect((await services.pool.query('select 1 from profiles where user_id = $1', [user.id])).rowCount).toBe(
      0,
    );
    expect((await services.pool.query('select 1 from photos where user_id = $1', [user.id])).rowCount).toBe(
      0,
    );
    expect(await services.storage.exists(photoFile)).toBe(false);
    expect(
      (await services.pool.query('select 1 from blocks where blocked_id = $1', [user.id])).rowCount,
    ).toBe(0);
    expect(await countLockoutRows()).toEqual({ devices: 0, attempts: 0 });
    const late = await app.inject({
      method: 'POST',
      url: '/api/reactivate.php',
      payload: { token: tokenIn(mail!.text) },
    });
    expect(late.statusCode).toBe(410);
  });
});
