import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { createMember, logIn } from '../test/members.ts';

/**
 * A NUL byte in any text field used to reach PostgreSQL, fail the query (500) and put the SQL with
 * its parameters into the log. The shared field schemas refuse it with a 400 and a code now.
 */
const { app, services } = await createTestApp();

let ipCounter = 0;
const ip = () => {
  ipCounter += 1;
  return `10.77.${ipCounter}.1`;
};

const member = await createMember(services.db);
const login = await logIn(services.db, member.id);

function expectRefused(res: { statusCode: number; json: () => unknown }, fields: string[]) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: { code: string; details: { fieldErrors: Record<string, string[]> } } };
  expect(body.error.code).toBe('validation_failed');
  for (const field of fields)
    expect(body.error.details.fieldErrors[field], field).toContain('invalid_characters');
}

describe('text with control characters', () => {
  it('login: POST /api/user.php', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      remoteAddress: ip(),
      payload: { email: 'a\u0000b', password: 'x' },
    });
    expectRefused(res, ['email']);
  });

  it('own profile: PUT /api/profile.php about_me and city; about_me keeps its line breaks', async () => {
    for (const payload of [{ about_me: 'Hallo\u0000' }, { city: 'Utrecht\u0000' }, { city: 'Utr\necht' }]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/profile.php',
        payload,
        cookies: login.cookies,
        headers: login.headers,
      });
      expectRefused(res, Object.keys(payload));
    }
    const ok = await app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { about_me: 'Hallo,\n\tik ben het.' },
      cookies: login.cookies,
      headers: login.headers,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().profile.about_me).toBe('Hallo,\n\tik ben het.');
  });

  it('complaint: POST /api/complaints.php name and message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      remoteAddress: ip(),
      payload: {
        name: 'Jan\u0000',
        email: 'jan@example.nl',
        subject: 'other',
        message: `Een lange klacht ${'\u0000'.repeat(20)}`,
      },
    });
    expectRefused(res, ['name', 'message']);
    expect((await services.pool.query('select count(*)::int as n from complaints')).rows[0].n).toBe(0);
  });

  it('sign-up: POST /api/signup.php city and signup_message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      remoteAddress: ip(),
      payload: {
        email: 'nul@example.nl',
        name: 'NulMember',
        password: 'Zonnebloem-2026!',
        date_of_birth: '1990-05-17',
        gender: 'female',
        sexuality: 'hetero',
        country: 'NL',
        region: 'NL-UT',
        city: 'Utrecht\u0000',
        signup_message: 'Hoi\u0000',
        accept_terms: true,
      },
    });
    expectRefused(res, ['city', 'signup_message']);
  });

  it('settings: GET /api/settings.php?domain=a%00b', async () => {
    expectRefused(await app.inject({ url: '/api/settings.php?domain=a%00b' }), ['domain']);
  });

  it('city suggestions: GET /api/cities.php?q=', async () => {
    expectRefused(await app.inject({ url: '/api/cities.php?country=NL&q=Ut%00' }), ['q']);
  });
});
