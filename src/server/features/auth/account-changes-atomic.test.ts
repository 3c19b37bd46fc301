import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTokens, sessions, users } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn } from '../../test/members.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const { app, services } = await createTestApp({ SIGNUP_RATE_LIMIT: '100' });

/** Makes the next enqueue of a job kind fail, as a crash between two writes would. */
function failingEnqueue(type: string) {
  const real = services.enqueue;
  services.enqueue = async (job, payload, options) => {
    if (job.name === type) throw new Error(`crash before ${type} was enqueued`);
    return real(job, payload, options);
  };
  return () => {
    services.enqueue = real;
  };
}

describe('a multi-step account change is one transaction with its jobs', () => {
  it('a deletion that cannot schedule its erasure leaves the account as it was', async () => {
    const password = 'Zonnebloem-2026!';
    const { id } = await createMember(services.db, { passwordHash: await hashPassword(password) });
    const login = await logIn(services.db, id, services.now());
    const restore = failingEnqueue('erase-account');
    try {
      const del = await app.inject({
        method: 'POST',
        url: '/api/account-delete.php',
        ...login,
        payload: { reason: 'time', password },
      });
      expect(del.statusCode).toBe(500);
    } finally {
      restore();
    }
    const [user] = await services.db.select().from(users).where(eq(users.id, id));
    expect(user?.status).toBe('active');
    expect(user?.deletionRequestedAt).toBeNull();
    // Still logged in, no reactivation link stored, nothing queued.
    const open = await services.db
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = ${id} and ${sessions.revokedAt} is null`);
    expect(open).toHaveLength(1);
    expect(await services.db.select().from(accountTokens).where(eq(accountTokens.userId, id))).toEqual([]);
    expect(await services.jobs.drain()).toBe(0);

    // And when nothing fails, every step is there.
    const del = await app.inject({
      method: 'POST',
      url: '/api/account-delete.php',
      ...login,
      payload: { reason: 'time', password },
    });
    expect(del.statusCode).toBe(200);
    const [deleted] = await services.db.select().from(users).where(eq(users.id, id));
    expect(deleted?.status).toBe('pending_deletion');
    expect(await services.db.select().from(accountTokens).where(eq(accountTokens.userId, id))).toHaveLength(
      1,
    );
  });

  it('a sign-up whose activation mail cannot be queued creates no account', async () => {
    const restore = failingEnqueue('send-mail');
    const email = 'atomic-signup@example.nl';
    try {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/signup.php',
        payload: {
          email,
          name: 'AtomicSignup',
          password: 'Zonnebloem-2026!',
          date_of_birth: '1990-05-17',
          gender: 'female',
          sexuality: 'hetero',
          country: 'NL',
          accept_terms: true,
        },
      });
      expect(answer.statusCode).toBe(500);
    } finally {
      restore();
    }
    expect(await services.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('a mailed link and the change it makes are one transaction', () => {
  it('a password reset that fails on its last step keeps the old password, the sessions and the link', async () => {
    const oldPassword = 'Zonnebloem-2026!';
    const { id, email } = await createMember(services.db, { passwordHash: await hashPassword(oldPassword) });
    const login = await logIn(services.db, id, services.now());
    const asked = await app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email } });
    expect(asked.statusCode).toBe(200);
    await services.jobs.drain();
    const mail = (await services.mailer.listStored()).find((m) => m.to === email);
    const token = decodeURIComponent(mail?.text.match(/token=([^\s]+)/)?.[1] ?? '');
    const reset = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/password-reset-do.php',
        payload: { token, password, password_repeat: password },
      });

    const real = services.sessions.invalidateUser;
    services.sessions.invalidateUser = async () => {
      throw new Error('crash before the other instances were told');
    };
    try {
      expect((await reset('Nieuw-wachtwoord-1')).statusCode).toBe(500);
    } finally {
      services.sessions.invalidateUser = real;
    }
    const [user] = await services.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword(user?.passwordHash ?? null, oldPassword)).toBe(true);
    expect((await app.inject({ url: '/api/user.php', ...login })).statusCode).toBe(200);
    // The link was not used up by the failed attempt.
    expect((await reset('Nieuw-wachtwoord-2')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user.php', ...login })).statusCode).toBe(403);
  });
});
