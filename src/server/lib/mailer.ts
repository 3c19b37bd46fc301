import path from 'node:path';
import nodemailer from 'nodemailer';
import pLimit, { type LimitFunction } from 'p-limit';
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
  /** How many mails may be handed over at once: the SMTP pool's connections. */
  parallel: number;
  /**
   * Runs a hand-over (a transaction that sends) when one of the `parallel` turns is free: callers
   * that hold something while the server has the mail wait for a connection before taking it.
   */
  inTurn: LimitFunction;
  /** Mails written to disk when no SMTP server is configured, newest first. */
  listStored: () => Promise<StoredMail[]>;
  close: () => void;
};

/** Mails over one SMTP connection before it is replaced (a relay's own limit is often 100). */
const MESSAGES_PER_CONNECTION = 100;

export function createMailer(options: {
  smtpUrl: string | undefined;
  /** SMTP connections kept open and used side by side (SMTP_POOL_SIZE). */
  poolSize: number;
  dataDir: string;
  from: string;
}): Mailer {
  const mailDir = path.join(options.dataDir, 'mail');
  const parallel = options.poolSize;
  // The hand-overs hold a database connection each while the SMTP server has the mail
  // (docs/decisions/0045): more of them than the pool has connections would only hold connections.
  const inTurn = pLimit(parallel);
  if (options.smtpUrl) {
    // Pooled: a connection per mail cost its TCP and SMTP greeting each time (about 110 ms here, the
    // weekly update at 7 mails/s: docs/performance.md); kept connections take the next mail at once.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: parallel,
      maxMessages: MESSAGES_PER_CONNECTION,
    });
    return {
      parallel,
      inTurn,
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
    parallel,
    inTurn,
    send: async (mail) => {
      await outbox.write({ from: options.from, ...mail });
    },
    listStored: outbox.list,
    close: () => {},
  };
}
