import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createMemberWithCredits } from '../../test/members.ts';
import { bounceAddress, memberOfBounceAddress } from './bounce-address.ts';

const { app, services } = await createTestApp({ MAIL_FROM: 'Liefdesplein <hallo@Mail.Liefdesplein.test>' });
const clock = new Date('2026-11-30T12:00:00Z');
services.now = () => clock;

describe('the return path of notification mails (VERP)', () => {
  it("names the mail's member, signed, at the mail domain", async () => {
    const anna = await createMemberWithCredits(services.db, 0, { lastActiveAt: new Date('2026-11-01') });
    const bert = await createMemberWithCredits(services.db, 0, { lastActiveAt: new Date('2026-11-01') });
    const res = await app.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: anna.id },
      ...bert.login,
    });
    expect(res.statusCode, res.body).toBe(200);
    await services.jobs.drain(() => clock);
    const [mail] = (await services.mailer.listStored()).filter((m) => m.to === anna.email);
    expect(mail?.envelopeFrom).toMatch(
      new RegExp(`^bounce\\+${anna.id}\\.[0-9a-f]{24}@mail\\.liefdesplein\\.test$`),
    );
    expect(await memberOfBounceAddress(services, mail?.envelopeFrom ?? '')).toBe(anna.id);
    // As a bounce carries it: in angle brackets, the local part's case folded by a mail server.
    expect(await memberOfBounceAddress(services, `<${mail?.envelopeFrom?.toUpperCase()}>`)).toBe(anna.id);
  });

  it('names nobody for a changed id, a changed signature or another address', async () => {
    const address = await bounceAddress(services, 41);
    const [local, domain] = address.split('@');
    const signature = local?.split('.')[1] ?? '';
    expect(await memberOfBounceAddress(services, `bounce+42.${signature}@${domain}`)).toBeUndefined();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(await memberOfBounceAddress(services, `bounce+41.${flipped}@${domain}`)).toBeUndefined();
    expect(await memberOfBounceAddress(services, `bounce+41@${domain}`)).toBeUndefined();
    expect(await memberOfBounceAddress(services, 'hallo@mail.liefdesplein.test')).toBeUndefined();
    expect(await memberOfBounceAddress(services, '')).toBeUndefined();
  });
});
