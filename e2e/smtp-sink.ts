import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the journeys: the product sends through nodemailer to it, and every mail
 * received is written as JSON (to, subject, text, html) into E2E_MAIL_DIR for the tests to read.
 */
const dir = path.resolve(process.env.E2E_MAIL_DIR ?? '.tmp/e2e-mail');
const port = Number(process.env.E2E_SMTP_PORT ?? 2525);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(dir, `${Date.now()}-${count}.json`);
        fs.writeFileSync(
          `${file}.tmp`,
          JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html || '' }),
        );
        fs.renameSync(`${file}.tmp`, file);
        callback();
      })
      .catch(callback);
  },
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
