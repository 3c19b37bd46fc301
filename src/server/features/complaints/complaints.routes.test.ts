import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';

const { app, services } = await createTestApp();

const valid = {
  name: 'Jan de Vries',
  email: 'jan@example.nl',
  subject: 'payment',
  message: 'Ik heb twee keer betaald voor hetzelfde pakket, graag terugbetalen.',
};

describe('POST /api/complaints.php', () => {
  it('stores the complaint, then mails support and the complainant through the job worker', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      payload: valid,
      cookies: { i18n_redirected: 'nl' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, reference: expect.stringMatching(/^K-\d{6}$/) });
    const stored = await services.pool.query('select name, email, subject, language from complaints');
    expect(stored.rows).toEqual([
      { name: valid.name, email: valid.email, subject: 'payment', language: 'nl' },
    ]);
    expect(await services.mailer.listStored()).toHaveLength(0);
    expect(await services.jobs.drain()).toBe(2);
    const mails = await services.mailer.listStored();
    const toSupport = mails.find((m) => m.to === 'support@liefdesplein.nl');
    const toComplainant = mails.find((m) => m.to === valid.email);
    expect(toSupport?.text).toContain(valid.message);
    expect(toSupport?.replyTo).toBe(valid.email);
    expect(toComplainant?.subject).toContain(res.json().reference);
    expect(toComplainant?.html).toContain('Jan de Vries');
  });

  it('refuses bad input with field codes and stores nothing', async () => {
    const before = (await services.pool.query('select count(*)::int as n from complaints')).rows[0].n;
    const res = await app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      payload: { name: 'J', email: 'nope', subject: 'x', message: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.fieldErrors;
    expect(fields.name).toEqual(['complaint_name_required']);
    expect(fields.email).toEqual(['complaint_email_invalid']);
    expect(fields.message).toEqual(['complaint_message_too_short']);
    expect(fields.subject).toBeDefined();
    expect((await services.pool.query('select count(*)::int as n from complaints')).rows[0].n).toBe(before);
  });

  it('escapes what the complainant typed in the HTML mail', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      payload: { ...valid, name: '<script>alert(1)</script>', email: 'x@example.nl' },
    });
    await services.jobs.drain();
    const mail = (await services.mailer.listStored()).find((m) => m.to === 'x@example.nl');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('&lt;script&gt;');
  });

  it('mails a copy to an address at most once a day; further complaints still reach support', async () => {
    const realNow = services.now;
    let clock = new Date('2026-07-01T10:00:00Z');
    services.now = () => clock;
    const later = (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    };
    const hour = 3_600_000;
    let ip = 0;
    const complain = async (email: string) => {
      ip += 1;
      const res = await app.inject({
        method: 'POST',
        url: '/api/complaints.php',
        payload: { ...valid, email },
        remoteAddress: `10.8.${ip}.1`,
      });
      expect(res.statusCode).toBe(200);
      return res.json().reference as string;
    };
    const mailsAbout = async (reference: string) => {
      await services.jobs.drain();
      return (await services.mailer.listStored()).filter((m) => m.subject.includes(reference));
    };
    try {
      const first = await complain('stranger@example.nl');
      expect((await mailsAbout(first)).map((m) => m.to).sort()).toEqual([
        'stranger@example.nl',
        'support@liefdesplein.nl',
      ]);
      later(hour);
      // The same mailbox, however it is spelled, from another IP address.
      const second = await complain('Stranger@Example.NL');
      expect((await mailsAbout(second)).map((m) => m.to)).toEqual(['support@liefdesplein.nl']);
      later(23 * hour);
      const third = await complain('stranger@example.nl');
      expect((await mailsAbout(third)).map((m) => m.to)).toEqual(['support@liefdesplein.nl']);
      const stored = await services.pool.query(
        "select count(*)::int as n from complaints where lower(email) = 'stranger@example.nl'",
      );
      expect(stored.rows[0].n).toBe(3);
      // A day without complaints from the address: the next one is confirmed again.
      later(24 * hour + 1);
      const fourth = await complain('stranger@example.nl');
      expect((await mailsAbout(fourth)).map((m) => m.to).sort()).toEqual([
        'stranger@example.nl',
        'support@liefdesplein.nl',
      ]);
    } finally {
      services.now = realNow;
    }
  });

  it('limits complaints per visitor', async () => {
    let last = 0;
    for (let i = 0; i < 6; i += 1) {
      last = (
        await app.inject({
          method: 'POST',
          url: '/api/complaints.php',
          payload: valid,
          remoteAddress: '10.9.9.9',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
