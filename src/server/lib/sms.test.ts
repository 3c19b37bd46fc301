import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { createSmsSender, SmsSendError } from './sms.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'fedcba9876543210'.repeat(2);

/**
 * A local stand-in of Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json): it
 * checks HTTP Basic auth and the form fields as Twilio does, and answers in Twilio's shapes (201
 * with the message's sid; errors as `{ code, message, more_info, status }`).
 */
async function startTwilioDouble() {
  const received: { auth: string | undefined; form: Record<string, string> }[] = [];
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post<{ Params: { sid: string }; Body: Record<string, string> }>(
    '/2010-04-01/Accounts/:sid/Messages.json',
    async (request, reply) => {
      const auth = request.headers.authorization;
      received.push({ auth, form: request.body });
      const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
      if (auth !== expected || request.params.sid !== SID)
        return reply.code(401).send({ code: 20003, message: 'Authenticate', more_info: '', status: 401 });
      if (!/^\+[1-9]\d{6,14}$/.test(request.body.To ?? ''))
        return reply.code(400).send({
          code: 21211,
          message: `The 'To' number ${request.body.To} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
      return reply.code(201).send({ sid: `SM${'a'.repeat(32)}`, status: 'queued', to: request.body.To });
    },
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  afterAll(() => app.close());
  return { url, received };
}

const twilio = await startTwilioDouble();

describe('SMS', () => {
  it('through Twilio: Basic auth, To, From and Body form-encoded; answers the message sid', async () => {
    const sender = createSmsSender({
      twilio: { accountSid: SID, authToken: TOKEN, from: 'Liefde', apiUrl: twilio.url },
      dataDir: os.tmpdir(),
    });
    expect(sender.kind).toBe('twilio');
    const sent = await sender.send({ to: '+31612345678', text: '123456 is your code' });
    expect(sent.id).toMatch(/^SM/);
    expect(twilio.received.at(-1)?.form).toEqual({
      To: '+31612345678',
      From: 'Liefde',
      Body: '123456 is your code',
    });
  });

  it("through Twilio: a refusal is an SmsSendError with Twilio's code and words, never the text", async () => {
    const sender = createSmsSender({
      twilio: { accountSid: SID, authToken: TOKEN, from: `MG${'1'.repeat(32)}`, apiUrl: twilio.url },
      dataDir: os.tmpdir(),
    });
    const error = await sender.send({ to: '0612', text: '654321 is your code' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).code).toBe('21211');
    expect((error as SmsSendError).message).not.toContain('654321');
    expect(twilio.received.at(-1)?.form.MessagingServiceSid).toBe(`MG${'1'.repeat(32)}`);
    const wrongToken = createSmsSender({
      twilio: { accountSid: SID, authToken: '0'.repeat(32), from: 'Liefde', apiUrl: twilio.url },
      dataDir: os.tmpdir(),
    });
    await expect(wrongToken.send({ to: '+31612345678', text: 'x' })).rejects.toMatchObject({ code: '20003' });
  });

  it('without Twilio: files in DATA_DIR/sms, newest first', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sms-'));
    const sender = createSmsSender({ twilio: null, dataDir });
    await sender.send({ to: '+31611111111', text: 'first' });
    await sender.send({ to: '+31622222222', text: 'second' });
    expect((await sender.listStored()).map((m) => m.text)).toEqual(['second', 'first']);
    expect(await fs.readdir(path.join(dataDir, 'sms'))).toHaveLength(2);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is configured by TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM together, checked at start', () => {
    expect(loadEnv({}).sms).toBeNull();
    expect(
      loadEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, SMS_FROM: '+3197010200300' }).sms,
    ).toEqual({
      accountSid: SID,
      authToken: TOKEN,
      from: '+3197010200300',
      apiUrl: 'https://api.twilio.com',
    });
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: SID })).toThrow(/set all three/);
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: 'nope', TWILIO_AUTH_TOKEN: TOKEN, SMS_FROM: 'x' })).toThrow(
      /TWILIO_ACCOUNT_SID/,
    );
    expect(() =>
      loadEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, SMS_FROM: 'a name too long' }),
    ).toThrow(/SMS_FROM/);
    expect(() =>
      loadEnv({
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        SMS_FROM: 'Liefde',
        TWILIO_API_URL: 'http://twilio.example',
      }),
    ).toThrow(/TWILIO_API_URL/);
    expect(() => loadEnv({ TWILIO_API_URL: 'https://api.twilio.com' })).toThrow(/TWILIO_API_URL/);
  });
});
