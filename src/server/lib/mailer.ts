import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';

/** A mail as the jobs queue carries it (checked when enqueued and when sent). */
export const MailSchema = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().max(998),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().max(320).optional(),
});
export type Mail = z.infer<typeof MailSchema>;

type StoredMail = Mail & { id: string; from: string; date: string };

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /** Mails written to disk when no SMTP server is configured, newest first. */
  listStored: () => Promise<StoredMail[]>;
  close: () => void;
};

export function createMailer(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
}): Mailer {
  const mailDir = path.join(options.dataDir, 'mail');
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
      listStored: async () => [],
      close: () => transport.close(),
    };
  }
  return {
    send: async (mail) => {
      await fs.mkdir(mailDir, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const stored: StoredMail = { id, from: options.from, date: new Date().toISOString(), ...mail };
      // Written under a temporary name first so a reader never sees half a mail.
      const file = path.join(mailDir, `${id}.json`);
      await fs.writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
      await fs.rename(`${file}.tmp`, file);
    },
    listStored: async () => {
      const names = await fs.readdir(mailDir).catch(() => [] as string[]);
      const files = names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 200);
      return Promise.all(
        files.map(async (n) => JSON.parse(await fs.readFile(path.join(mailDir, n), 'utf8')) as StoredMail),
      );
    },
    close: () => {},
  };
}
