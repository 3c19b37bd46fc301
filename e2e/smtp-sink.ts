import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { startSmtpSink } from '../src/server/test/smtp-sink.ts';

/**
 * A real SMTP server for the journeys: the product sends through nodemailer to it, and every mail
 * received is written as JSON (to, subject, text, html) into E2E_MAIL_DIR for the tests to read,
 * before the mail is answered.
 */
const dir = path.resolve(process.env.E2E_MAIL_DIR ?? '.tmp/e2e-mail');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
let count = 0;

const sink = await startSmtpSink({
  port: Number(process.env.E2E_SMTP_PORT ?? 2525),
  onMail: async ({ to, raw }) => {
    const mail = await simpleParser(raw);
    count += 1;
    const file = path.join(dir, `${Date.now()}-${count}.json`);
    fs.writeFileSync(
      `${file}.tmp`,
      JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html || '' }),
    );
    fs.renameSync(`${file}.tmp`, file);
    return 'take' as const;
  },
});
process.on('SIGTERM', () => void sink.close().then(() => process.exit(0)));
