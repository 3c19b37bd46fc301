import path from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { jsonOutbox } from './json-outbox.ts';

/** A mail as the jobs queue carries it (checked when enqueued and when sent). */
export const MailSchema = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().max(998),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().max(320).optional(),
  /** Extra headers, such as a notification's one-click unsubscribe (RFC 8058). */
  headers: z.record(z.string(), z.string().max(2000)).optional(),
  /**
   * The envelope sender (Return-Path), where bounces go; the From header stays the site's. A
   * notification's names its member (VERP), so a bounce says whose address failed.
   */
  envelopeFrom: z.string().max(320).optional(),
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
      send: async ({ envelopeFrom, ...mail }) => {
        await transport.sendMail({
          from: options.from,
          ...mail,
          ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: mail.to } } : {}),
        });
      },
      listStored: async () => [],
      close: () => transport.close(),
    };
  }
  const outbox = jsonOutbox<Mail & { from: string }>(mailDir);
  return {
    send: async (mail) => {
      await outbox.write({ from: options.from, ...mail });
    },
    listStored: outbox.list,
    close: () => {},
  };
}
