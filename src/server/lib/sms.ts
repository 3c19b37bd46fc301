import path from 'node:path';
import { jsonOutbox } from './json-outbox.ts';

/** One text message: to a number in E.164 (+31612345678). */
type Sms = { to: string; text: string };
type StoredSms = Sms & { id: string; date: string };

/** Twilio's Programmable Messaging, from the environment (env.ts). */
export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** A number in E.164, an alphanumeric sender id, or a Messaging Service (MG…). */
  from: string;
  /** https://api.twilio.com, or the tests' local double. */
  apiUrl: string;
};

export type SmsSender = {
  readonly kind: 'outbox' | 'twilio';
  /** Sends one message; answers the provider's id. Throws SmsSendError when it could not. */
  send: (sms: Sms) => Promise<{ id: string }>;
  /** The development outbox's messages, newest first (empty for a real provider). */
  listStored: () => Promise<StoredSms[]>;
};

/** What a send that failed throws: the provider's code and words, never the message's text. */
export class SmsSendError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'SmsSendError';
    this.code = code;
  }
}

/**
 * SMS like mails (lib/mailer.ts): a real provider when configured (Twilio, over its plain HTTP API
 * with fetch), else a development outbox of JSON files in DATA_DIR/sms, listed at /dev/sms, which
 * the tests and the demo read. docs/decisions/0033.
 */
export function createSmsSender(options: { twilio: TwilioConfig | null; dataDir: string }): SmsSender {
  return options.twilio ? twilioSender(options.twilio) : outboxSender(path.join(options.dataDir, 'sms'));
}

function outboxSender(dir: string): SmsSender {
  const outbox = jsonOutbox<Sms>(dir);
  return {
    kind: 'outbox',
    send: async (sms) => ({ id: (await outbox.write(sms)).id }),
    listStored: outbox.list,
  };
}

/**
 * Twilio: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid) and Body, with HTTP Basic auth of the account sid and auth token. A 201
 * answers the message's sid; an error answers `{ code, message, status }`.
 */
function twilioSender(config: TwilioConfig): SmsSender {
  const url = `${config.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    send: async (sms) => {
      const form = new URLSearchParams({ To: sms.to, Body: sms.text });
      if (/^MG[0-9a-f]{32}$/i.test(config.from)) form.set('MessagingServiceSid', config.from);
      else form.set('From', config.from);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SmsSendError('unreachable', `Twilio could not be reached: ${(error as Error).message}`);
      }
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: string;
        code?: number;
        message?: string;
      };
      if (!response.ok || typeof answer.sid !== 'string') {
        // Twilio's words only (its error code and message), never our message's text: it holds a code.
        throw new SmsSendError(
          String(answer.code ?? response.status),
          `Twilio refused the message (HTTP ${response.status}${answer.code ? `, error ${answer.code}` : ''}): ${answer.message ?? 'no detail'}`,
        );
      }
      return { id: answer.sid };
    },
    listStored: async () => [],
  };
}
