import { beforeAll, describe, expect, it } from 'vitest';
import { devOutboxesServed } from '../../plugins/dev-outbox.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember } from '../../test/members.ts';

/** Asks for a password reset of a member, and waits until the jobs worker has written the mail. */
async function resetMailOf(context: Awaited<ReturnType<typeof createTestApp>>) {
  const { email } = await createMember(context.services.db);
  const reset = await context.app.inject({
    method: 'POST',
    url: '/api/password-reset.php',
    payload: { email },
  });
  expect(reset.statusCode).toBe(200);
  await context.services.jobs.drain();
  return email;
}

const context = await createTestApp({ NODE_ENV: 'development' });

describe('the development mail outbox', () => {
  describe('on a developer machine (PUBLIC_URL on localhost)', () => {
    let email = '';
    beforeAll(async () => {
      email = await resetMailOf(context);
    });

    it('shows the mails to a browser on this machine', async () => {
      const answer = await context.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain(email);
      expect(answer.body).toContain('/reset-password/do?token=');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      expect((await context.app.inject({ url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(200);
    });

    it('answers anyone else like a page that does not exist, whatever the headers say', async () => {
      for (const request of [
        { remoteAddress: '203.0.113.5' },
        { remoteAddress: '192.168.1.20' },
        { remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1', host: 'localhost' } },
        // A proxy on this machine connects from loopback on behalf of anyone.
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } },
      ]) {
        const answer = await context.app.inject({ url: '/dev/mail', ...request });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).not.toContain('token=');
      }
    });
  });

  it.each<{ name: string; env: Record<string, string> }>([
    { name: 'in production', env: { NODE_ENV: 'production' } },
    {
      name: 'when the public address is not this machine',
      env: { NODE_ENV: 'development', PUBLIC_URL: 'https://liefdesplein.nl' },
    },
  ])('does not exist $name, not even for this machine', async ({ env }) => {
    const other = await createTestApp(env);
    await resetMailOf(other);
    const answer = await other.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('token=');
  });

  it('is served only for local public addresses outside production', () => {
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://localhost:3000' })).toBe(true);
    expect(devOutboxesServed({ nodeEnv: 'test', publicUrl: 'http://127.0.0.1:3000' })).toBe(true);
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://[::1]:3000' })).toBe(true);
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://app.localhost' })).toBe(true);
    expect(devOutboxesServed({ nodeEnv: 'production', publicUrl: 'http://localhost:3000' })).toBe(false);
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://192.168.1.5:3000' })).toBe(false);
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://localhost.evil.example' })).toBe(
      false,
    );
  });
});
