import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { createMailer } from './mailer.ts';

const sink = await startSmtpSink();
const mailer = createMailer({
  smtpUrl: sink.url,
  poolSize: 2,
  dataDir: os.tmpdir(),
  from: 'Liefdesplein <no-reply@localhost>',
});
afterAll(async () => {
  mailer.close();
  await sink.close();
});

const mail = (n: number) => ({
  to: `member${n}@example.nl`,
  subject: `Mail ${n}`,
  text: 'Hoi',
  html: '<p>Hoi</p>',
});

describe('the mailer through an SMTP server', () => {
  it('keeps its connections: eight mails over the two of its pool, not a connection each', async () => {
    await Promise.all([0, 1, 2, 3, 4, 5].map((n) => mailer.send(mail(n))));
    await mailer.send(mail(6));
    await mailer.send(mail(7));
    expect(sink.received.flat().sort()).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((n) => `member${n}@example.nl`).sort(),
    );
    expect(sink.connections).toBeLessThanOrEqual(2);
    expect(mailer.parallel).toBe(2);
  });
});
