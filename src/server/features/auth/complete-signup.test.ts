import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';

const { app, services } = await createTestApp({ ALLOW_TEST_GEOIP: '1' });
let clock = new Date('2026-06-01T12:00:00Z');
services.now = () => clock;

let counter = 0;
/** Each entry from its own address: the sign-up limit per IP is tested in auth.routes.test.ts. */
const ip = () => `10.9.${Math.floor(counter / 250)}.${counter % 250}`;
const sidOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid')?.value as string;

/** An advertising entry's short sign-up; answers the session and the user. */
async function enter(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  counter += 1;
  const email = `entry${counter}@example.nl`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup-entry.php',
    remoteAddress: ip(),
    headers,
    payload: { email, gender: 'male', sexuality: 'hetero', accept_terms: true, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(200);
  const user = res.json().user;
  return {
    email,
    user,
    auth: { cookies: { sid: sidOf(res) }, headers: { 'x-csrf-token': user.csrf_token } },
  };
}

type Auth = Awaited<ReturnType<typeof enter>>['auth'];
const complete = (auth: Auth, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/complete-signup.php', ...auth, payload });

const fullParts = (n = counter) => ({
  name: `Finished${n}`,
  date_of_birth: '1991-03-09',
  country: 'NL',
  region: 'NL-UT',
  city: 'Utrecht',
  password: 'Zonnebloem-2026!',
});

async function mailsTo(email: string) {
  await services.jobs.drain();
  return (await services.mailer.listStored()).filter((m) => m.to === email);
}
const tokenIn = (text: string) =>
  decodeURIComponent(
    new URL(text.match(/https?:\/\/\S+token=\S+/)?.[0] as string).searchParams.get('token') as string,
  );

async function visibleIds(viewer: { cookies: { sid: string } }) {
  const res = await app.inject({ url: '/api/members.php?per_page=100', cookies: viewer.cookies });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().members as { id: number }[]).map((m) => m.id);
}

describe('advertising entry and /complete-signup', () => {
  it('creates a logged-in, not_confirmed account that lists the parts still missing', async () => {
    const { user, email } = await enter({}, { 'x-test-geoip-country': 'BE' });
    expect(user.status).toBe('not_confirmed');
    expect(user.signup_missing).toEqual(['name', 'date_of_birth', 'location', 'password']);
    expect(user.email_confirmed).toBe(false);
    expect(user.credits).toBe(20);
    expect(user.profile.gender).toBe('male');
    // The visitor's country stands in for the location until /complete-signup asks it.
    expect(user.profile.country).toBe('BE');
    // The activation mail greets without a name the member has not chosen yet.
    const [mail] = await mailsTo(email);
    expect(mail?.text).toMatch(/^Hoi,/);
    expect(mail?.text).not.toContain('{name}');
    // Without a password, nobody can log in to the account.
    const login = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      remoteAddress: ip(),
      payload: { email, password: '' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('refuses what the full sign-up refuses, with the same codes', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/signup-entry.php',
      remoteAddress: ip(),
      payload: { email: 'nope', gender: 'x', accept_terms: false },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fieldErrors).toMatchObject({
      email: ['invalid_email'],
      gender: ['gender_required'],
      sexuality: ['sexuality_required'],
      accept_terms: ['accept_terms_required'],
    });
    const { email } = await enter();
    const again = await app.inject({
      method: 'POST',
      url: '/api/signup-entry.php',
      remoteAddress: ip(),
      payload: { email, gender: 'male', sexuality: 'hetero', accept_terms: true },
    });
    expect(again.json().error.code).toBe('email_exists');
    const disposable = await app.inject({
      method: 'POST',
      url: '/api/signup-entry.php',
      remoteAddress: ip(),
      payload: { email: 'x@mailinator.com', gender: 'male', sexuality: 'hetero', accept_terms: true },
    });
    expect(disposable.json().error.details.fieldErrors.email).toEqual(['email_disposable']);
  });

  it('validates the missing parts with the sign-up texts, and takes no other field', async () => {
    const { auth, email } = await enter();
    const taken = await createMember(services.db, { name: 'AlreadyThere' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '@someone' }, 'name', 'name_starts_with_at'],
      [{ name: email }, 'name', 'name_equals_email'],
      [{ name: taken.name.toUpperCase() }, 'name', 'name_taken'],
      [{ date_of_birth: '2010-01-01' }, 'date_of_birth', 'date_of_birth_min_age'],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'invalid_date_of_birth'],
      [{ country: 'XX' }, 'country', 'country_required'],
      [{ country: 'BE', region: 'NL-UT' }, 'region', 'region_invalid'],
      [{ password: 'short' }, 'password', 'password_too_short'],
      [{ password: `${email.split('@')[0]}-2026!` }, 'password', 'password_contains_name'],
      [{ email: 'other@example.nl' }, 'email', 'invalid_field'],
    ];
    for (const [patch, field, code] of cases) {
      const res = await complete(auth, { ...fullParts(), ...patch });
      expect(res.statusCode, `${field} ${code}`).toBeGreaterThanOrEqual(400);
      expect(res.json().error.details.fieldErrors[field], `${field} ${code}`).toContain(code);
    }
    // Nothing was stored by a refused attempt.
    const [row] = await services.db.select().from(users).where(eq(users.email, email));
    expect(row?.signupMissing).toHaveLength(4);
    expect(row?.name).toBe('');
  });

  it('needs the session and its CSRF token', async () => {
    const { auth } = await enter();
    expect((await complete({ ...auth, cookies: { sid: 'unknown' } }, fullParts())).json().error.code).toBe(
      'authentication_required',
    );
    const noToken = await complete({ ...auth, headers: { 'x-csrf-token': 'wrong' } }, fullParts());
    expect(noToken.json().error.code).toBe('csrf_failed');
  });

  it('stays out of sight until both the e-mail is confirmed and the sign-up is complete', async () => {
    const viewer = await logIn(services.db, (await createMember(services.db)).id, clock);
    const { auth, email, user } = await enter({ gender: 'female', sexuality: 'hetero' });
    expect(await visibleIds(viewer)).not.toContain(user.id);

    // Confirmed first: still not_confirmed (and hidden) while parts are missing; no second mail.
    const [activation] = await mailsTo(email);
    const activated = await app.inject({
      url: `/api/activate.php?token=${encodeURIComponent(tokenIn(activation?.text ?? ''))}`,
    });
    expect(activated.headers.location).toBe('/activate/done');
    const afterActivation = (await app.inject({ url: '/api/user.php', ...auth })).json().user;
    expect(afterActivation.status).toBe('not_confirmed');
    // The client asks this, not the status, whether to offer a new activation link.
    expect(afterActivation.email_confirmed).toBe(true);
    expect(await visibleIds(viewer)).not.toContain(user.id);
    await app.inject({ method: 'POST', url: '/api/activation-resend.php', ...auth });
    expect(await mailsTo(email)).toHaveLength(1);

    const done = await complete(auth, fullParts());
    expect(done.statusCode, done.body).toBe(200);
    const finished = done.json().user;
    expect(finished.status).toBe('active');
    expect(finished.signup_missing).toEqual([]);
    expect(finished.profile).toMatchObject({
      name: `Finished${counter}`,
      age: 35,
      region: 'NL-UT',
      city: 'Utrecht',
    });
    expect(await visibleIds(viewer)).toContain(user.id);

    // The password works from now on; a second submit changes nothing.
    const login = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      remoteAddress: ip(),
      payload: { email: `finished${counter}`, password: 'Zonnebloem-2026!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const twice = await complete(auth, { name: 'Changed' });
    expect(twice.statusCode).toBe(400);
    expect((await app.inject({ url: '/api/user.php', ...auth })).json().user.profile.name).toBe(
      `Finished${counter}`,
    );
  });

  it('completed before the e-mail is confirmed: the activation link makes the account active', async () => {
    const { auth, email } = await enter();
    expect((await complete(auth, fullParts())).json().user.status).toBe('not_confirmed');
    const [activation] = await mailsTo(email);
    await app.inject({
      url: `/api/activate.php?token=${encodeURIComponent(tokenIn(activation?.text ?? ''))}`,
    });
    expect((await app.inject({ url: '/api/user.php', ...auth })).json().user.status).toBe('active');
  });

  it('a password reset sets the missing password, and /complete-signup asks only the rest', async () => {
    const { auth, email } = await enter();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      remoteAddress: ip(),
      payload: { email },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const mail = (await mailsTo(email)).find((m) => m.text.includes('/reset-password/do'));
    const token = tokenIn(mail?.text ?? '');
    const done = await app.inject({
      method: 'POST',
      url: '/api/password-reset-do.php',
      payload: { token, password: 'Zonnebloem-2026!', password_repeat: 'Zonnebloem-2026!' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      remoteAddress: ip(),
      payload: { email, password: 'Zonnebloem-2026!' },
    });
    expect(login.json().user.signup_missing).toEqual(['name', 'date_of_birth', 'location']);
    const sid = sidOf(login);
    const fresh = { cookies: { sid }, headers: { 'x-csrf-token': login.json().user.csrf_token } };
    const { password: _password, ...rest } = fullParts();
    expect(
      (await complete(fresh, { ...rest, password: 'Another-pass-2026' })).json().error.details.fieldErrors,
    ).toEqual({
      password: ['invalid_field'],
    });
    expect((await complete(fresh, rest)).json().user.signup_missing).toEqual([]);
    expect(auth.cookies.sid).not.toBe(sid);
  });

  it('a member without missing parts has nothing to complete', async () => {
    const member = await createMember(services.db);
    const login = await logIn(services.db, member.id, clock);
    const res = await app.inject({ method: 'POST', url: '/api/complete-signup.php', ...login, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.signup_missing).toEqual([]);
    clock = new Date(clock.getTime() + 1000);
  });
  it('an entry account without a password is deleted on its session alone; with one, the password counts', async () => {
    const { auth, user } = await enter();
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account-delete.php',
      ...auth,
      payload: { reason: 'not_looking' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await services.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe('pending_deletion');

    const finished = await enter();
    expect((await complete(finished.auth, fullParts())).statusCode).toBe(200);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/account-delete.php',
      ...finished.auth,
      payload: { reason: 'not_looking' },
    });
    expect(refused.json().error.details.fieldErrors.password).toEqual(['old_password_wrong']);
  });
  it('counts entry and full sign-ups together against the per-IP limit', async () => {
    const from = '10.99.0.1';
    const post = (url: string) =>
      app.inject({ method: 'POST', url, remoteAddress: from, payload: { email: 'not-an-address' } });
    // SIGNUP_RATE_LIMIT is 5 an hour; refused attempts count too (the limit runs before validation).
    for (const url of [
      '/api/signup-entry.php',
      '/api/signup.php',
      '/api/signup-entry.php',
      '/api/signup.php',
      '/api/signup-entry.php',
    ])
      expect((await post(url)).statusCode).toBe(400);
    expect((await post('/api/signup.php')).statusCode).toBe(429);
    expect((await post('/api/signup-entry.php')).json().error.code).toBe('rate_limited');
  });
  it('answers a body that is not an object with a 400, never a 500', async () => {
    const { auth } = await enter();
    for (const [i, payload] of ['null', '[]', '"text"', '42'].entries()) {
      const headers = { ...auth.headers, 'content-type': 'application/json' };
      const res = await app.inject({
        method: 'POST',
        url: '/api/complete-signup.php',
        cookies: auth.cookies,
        headers,
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      const entry = await app.inject({
        method: 'POST',
        url: '/api/signup-entry.php',
        remoteAddress: `10.8.0.${i + 1}`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(entry.statusCode, payload).toBe(400);
    }
  });
});
