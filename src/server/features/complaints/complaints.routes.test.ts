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
