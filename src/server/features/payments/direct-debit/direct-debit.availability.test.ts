import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { createMember, logIn } from '../../../test/members.ts';

const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'fedcba9876543210'.repeat(2),
  SMS_FROM: 'Liefde',
};

async function methodsOn(env: Record<string, string>) {
  const { app, services } = await createTestApp(env);
  const member = await createMember(services.db, { country: 'NL' });
  const login = await logIn(services.db, member.id);
  const offers = await app.inject({ url: '/api/credit-packages.php', ...login });
  return { app, login, methods: offers.json().methods as string[] };
}

describe('where direct debit is offered', () => {
  it('on this machine, with the development outbox', async () => {
    const { methods } = await methodsOn({});
    expect(methods).toContain('sdd');
  });

  it('not on a public site without an SMS provider: the code could reach nobody', async () => {
    const { app, login, methods } = await methodsOn({ PUBLIC_URL: 'https://liefdesplein.example' });
    expect(methods).not.toContain('sdd');
    expect(methods).toContain('ideal');
    const form = await app.inject({
      method: 'POST',
      url: '/api/direct-debit.php',
      payload: {
        package: 'p0',
        account_holder: 'Sanne',
        iban: 'NL91ABNA0417164300',
        street: 'Oudegracht',
        house_number: '1',
        zip: '3511 AB',
        city: 'Utrecht',
        phone: '0612345678',
      },
      ...login,
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().error.code).toBe('payment_method_unavailable');
  });

  it('on a public site with Twilio configured', async () => {
    const { methods } = await methodsOn({ PUBLIC_URL: 'https://liefdesplein.example', ...TWILIO });
    expect(methods).toContain('sdd');
  });

  it('the SMS outbox page answers a browser on this machine only', async () => {
    const { app, services } = await createTestApp({ NODE_ENV: 'development' });
    await services.sms.send({ to: '+31612345678', text: '246810 is your code' });
    const local = await app.inject({ url: '/dev/sms', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('246810 is your code');
    for (const request of [
      { remoteAddress: '203.0.113.5' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } },
    ]) {
      const answer = await app.inject({ url: '/dev/sms', ...request });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('246810');
    }
  });
});
