import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { createTestApp, freePort } from '../../test/app.ts';
import { createMemberWithCredits } from '../../test/members.ts';
import { bounceAddress } from './bounce-address.ts';

const port = await freePort();
const SECRET = 'a-shared-secret-of-the-mail-provider';
const { app, services } = await createTestApp({
  INBOUND_SMTP_PORT: String(port),
  INBOUND_SMTP_HOST: '127.0.0.1',
  MAIL_EVENTS_SECRET: SECRET,
});
const off = await createTestApp();
const smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

const member = () => createMemberWithCredits(services.db, 0);

const disabledOf = async (userId: number) =>
  (await services.pool.query('select notifications_disabled from users where id = $1', [userId])).rows[0]
    ?.notifications_disabled as string[];
const bouncesOf = async (userId: number) =>
  (
    await services.pool.query(
      'select kind, detail, via from notification_bounces where user_id = $1 order by id',
      [userId],
    )
  ).rows;

/** A delivery status notification (RFC 3464) as a receiving mail server sends it back. */
const dsn = (options: { to: string; recipient: string; status: string; action: string }) =>
  [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>',
    `To: ${options.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    '',
    '--dsn-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `I'm sorry to have to inform you that your message could not be delivered to ${options.recipient}.`,
    '',
    '--dsn-boundary',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    'Arrival-Date: Mon, 30 Nov 2026 12:00:00 +0100',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    `Original-Recipient: rfc822; ${options.recipient}`,
    `Action: ${options.action}`,
    `Status: ${options.status}`,
    'Diagnostic-Code: smtp; 550 5.1.1 <someone>: Recipient address rejected',
    '',
    '--dsn-boundary',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Liefdesplein <no-reply@localhost>',
    `To: ${options.recipient}`,
    'Subject: Bert likes you',
    '',
    '--dsn-boundary--',
    '',
  ].join('\r\n');

/** A feedback-loop report (ARF, RFC 5965) of a mailbox provider, sent to the address registered with it. */
const arf = (options: { returnPath: string; recipient: string; feedbackType: string }) =>
  [
    'From: Feedback Loop <fbl@isp.example>',
    'To: fbl@localhost',
    'Subject: Complaint about message from 192.0.2.1',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"',
    '',
    '--arf-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    '--arf-boundary',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${options.feedbackType}`,
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    'Source-IP: 192.0.2.1',
    'Arrival-Date: Mon, 30 Nov 2026 12:00:00 +0100',
    '',
    '--arf-boundary',
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    `Return-Path: <${options.returnPath}>`,
    'From: Liefdesplein <no-reply@localhost>',
    `To: ${options.recipient}`,
    'Subject: Bert likes you',
    'Message-ID: <1@localhost>',
    '',
    'Bert likes you.',
    '',
    '--arf-boundary--',
    '',
  ].join('\r\n');

describe('bounces and complaints over SMTP', () => {
  it('a DSN with a 5.x.x status for the return path disables the member’s mail with reason bounce', async () => {
    const anna = await member();
    const bert = await member();
    const returnPath = await bounceAddress(services, anna.id);
    await smtp.sendMail({
      envelope: { from: '', to: [returnPath] },
      raw: dsn({ to: returnPath, recipient: anna.email, status: '5.1.1', action: 'failed' }),
    });
    expect(await disabledOf(anna.id)).toEqual(['bounce']);
    expect(await bouncesOf(anna.id)).toEqual([{ kind: 'hard', detail: '5.1.1', via: 'smtp' }]);
    expect(await disabledOf(bert.id)).toEqual([]);
  });

  it('a soft bounce (4.x.x) is recorded, not disabled', async () => {
    const anna = await member();
    const returnPath = await bounceAddress(services, anna.id);
    await smtp.sendMail({
      envelope: { from: '', to: [returnPath] },
      raw: dsn({ to: returnPath, recipient: anna.email, status: '4.2.2', action: 'delayed' }),
    });
    expect(await disabledOf(anna.id)).toEqual([]);
    expect(await bouncesOf(anna.id)).toEqual([{ kind: 'soft', detail: '4.2.2', via: 'smtp' }]);
  });

  it('an ARF abuse report (multipart/report) disables the quoted mail’s member with reason fbl', async () => {
    const anna = await member();
    const bert = await member();
    const returnPath = await bounceAddress(services, anna.id);
    await smtp.sendMail({
      envelope: { from: 'fbl@isp.example', to: ['fbl@localhost'] },
      raw: arf({ returnPath, recipient: anna.email, feedbackType: 'abuse' }),
    });
    expect(await disabledOf(anna.id)).toEqual(['fbl']);
    expect(await bouncesOf(anna.id)).toEqual([{ kind: 'complaint', detail: 'abuse', via: 'smtp' }]);
    // Not an abuse report: nothing.
    await smtp.sendMail({
      envelope: { from: 'fbl@isp.example', to: ['fbl@localhost'] },
      raw: arf({
        returnPath: await bounceAddress(services, bert.id),
        recipient: bert.email,
        feedbackType: 'not-spam',
      }),
    });
    expect(await disabledOf(bert.id)).toEqual([]);
  });

  it('takes and ignores a badly signed return path, an unknown member and a mail that is no report', async () => {
    const anna = await member();
    const forged = (await bounceAddress(services, anna.id)).replace(
      /\.[0-9a-f]+@/,
      '.0123456789abcdef01234567@',
    );
    // Accepted (250): a refusal would only make the sending server try again.
    const info = await smtp.sendMail({
      envelope: { from: '', to: [forged] },
      raw: dsn({ to: forged, recipient: anna.email, status: '5.1.1', action: 'failed' }),
    });
    expect(info.response).toMatch(/^250/);
    const nobody = await bounceAddress(services, 999_999_999);
    await smtp.sendMail({
      envelope: { from: '', to: [nobody] },
      raw: dsn({ to: nobody, recipient: 'gone@example.org', status: '5.1.1', action: 'failed' }),
    });
    await smtp.sendMail({
      envelope: { from: 'someone@example.org', to: [await bounceAddress(services, anna.id)] },
      raw: 'From: someone@example.org\r\nSubject: Out of office\r\n\r\nI am away.\r\n',
    });
    expect(await disabledOf(anna.id)).toEqual([]);
    expect(await bouncesOf(anna.id)).toEqual([]);
  });
});

describe('the providers’ webhook POST /api/mail-events.php', () => {
  const post = (payload: unknown, secret: string | null = SECRET) =>
    app.inject({
      method: 'POST',
      url: '/api/mail-events.php',
      payload: payload as object,
      headers: secret ? { 'x-mail-events-secret': secret } : {},
    });

  it('refuses a missing or wrong secret', async () => {
    const anna = await member();
    const events = [{ type: 'complaint', return_path: await bounceAddress(services, anna.id) }];
    expect((await post({ events }, null)).statusCode).toBe(403);
    const wrong = await post({ events }, 'x'.repeat(SECRET.length));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('forbidden');
    expect(await disabledOf(anna.id)).toEqual([]);
  });

  it('applies bounces, complaints and raw reports; a malformed body is a 400, an unknown address ignored', async () => {
    const anna = await member();
    const bert = await member();
    const carla = await member();
    const dora = await member();
    const res = await post({
      events: [
        { type: 'bounce', return_path: await bounceAddress(services, anna.id), status: '5.2.1' },
        { type: 'bounce', return_path: await bounceAddress(services, bert.id), status: '4.4.7' },
        { type: 'complaint', return_path: await bounceAddress(services, carla.id) },
        {
          type: 'message',
          message: arf({
            returnPath: await bounceAddress(services, dora.id),
            recipient: dora.email,
            feedbackType: 'abuse',
          }),
        },
        { type: 'complaint', return_path: 'bounce+1.000000000000000000000000@localhost' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(res.json()).toEqual({ applied: 4, ignored: 1 });
    expect(await disabledOf(anna.id)).toEqual(['bounce']);
    expect(await disabledOf(bert.id)).toEqual([]);
    expect(await bouncesOf(bert.id)).toEqual([{ kind: 'soft', detail: '4.4.7', via: 'webhook' }]);
    expect(await disabledOf(carla.id)).toEqual(['fbl']);
    expect(await disabledOf(dora.id)).toEqual(['fbl']);

    const bad = await post({ events: [{ type: 'bounce', return_path: 'x@y', status: 'failed' }] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the webhook without a secret configured', () => {
  it('does not exist', async () => {
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/mail-events.php',
      payload: { events: [{ type: 'complaint', return_path: 'a@b.c' }] },
      headers: { 'x-mail-events-secret': SECRET },
    });
    expect(res.statusCode).toBe(404);
  });
});
