import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { formatIbanGroups, isSepaIban } from '../../../../shared/contracts/direct-debit.ts';
import { payments } from '../../../db/schema/index.ts';
import { createTestApp, freePort } from '../../../test/app.ts';
import { createMember, logIn, type TestLogin } from '../../../test/members.ts';
import { balanceOf } from '../../credits/credits.service.ts';
import { PAID_LATER_SECONDS } from '../providers/test-gateway.ts';
import {
  phoneE164,
  phoneHint,
  SMS_PER_MEMBER_PER_HOUR,
  SMS_PER_PHONE_PER_HOUR,
} from './direct-debit.service.ts';
import { blockDirectDebit } from './direct-debit-blocks.ts';

// A real port: the test gateway posts its notices to PUBLIC_URL's webhook by HTTP.
const port = await freePort();
const { app, services } = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
await app.listen({ port, host: '127.0.0.1' });

// Every log line of the services, to prove the SMS code never reaches one.
const logLines: string[] = [];
services.log = pino(
  { level: 'trace' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);
let clockOffsetMs = 0;
services.now = () => new Date(Date.now() + clockOffsetMs);
const later = async (seconds: number) => {
  clockOffsetMs += seconds * 1000;
};

let phoneCounter = 0;
/** A fresh Dutch mobile number per use: the per-phone SMS limit is not what most tests are about. */
const freshPhone = () =>
  `06 ${String(20_000_000 + (phoneCounter++ + Math.floor(Math.random() * 9_000_000))).slice(0, 8)}`;

const form = (overrides: Record<string, string> = {}) => ({
  package: 'p0',
  account_holder: 'Sanne de Vries',
  iban: 'nl91 abna 0417 1643 00',
  street: 'Oudegracht',
  house_number: '12a',
  zip: '3511 AB',
  city: 'Utrecht',
  phone: freshPhone(),
  ...overrides,
});

async function member(country = 'NL') {
  const created = await createMember(services.db, { country });
  return { ...created, login: await logIn(services.db, created.id) };
}

const post = (url: string, login: TestLogin | undefined, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object, ...(login ?? {}) });

const responses: string[] = [];
async function startForm(login: TestLogin, overrides: Record<string, string> = {}) {
  const res = await post('/api/direct-debit.php', login, form(overrides));
  responses.push(res.body);
  return res;
}

/** The code of the newest SMS to this E.164 number, read from the development outbox. */
const codesSent = new Set<string>();
async function codeSentTo(e164: string): Promise<string> {
  const sms = (await services.sms.listStored()).find((m) => m.to === e164);
  const code = sms?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no SMS code to ${e164}`);
  codesSent.add(code);
  return code;
}

async function challenge(login: TestLogin, overrides: Record<string, string> = {}) {
  const phone = overrides.phone ?? freshPhone();
  const res = await startForm(login, { ...overrides, phone });
  expect(res.statusCode, res.body).toBe(200);
  const e164 = phoneE164(phone, 'NL') ?? '';
  return { mandateId: (res.json() as { mandate_id: string }).mandate_id, e164, code: await codeSentTo(e164) };
}

const sign = async (login: TestLogin, mandateId: string, otp: string) => {
  const res = await post('/api/direct-debit-sign.php', login, { mandate_id: mandateId, otp });
  responses.push(res.body);
  return res;
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function paymentRow(id: string) {
  const { rows } = await services.pool.query(
    'select status, method, sequence_type, mandate_id, customer_id, failure_reason from payments where id = $1',
    [id],
  );
  return rows[0];
}

describe('IBAN and phone, per country', () => {
  it('takes valid IBANs of SEPA countries as typed, and formats them in groups of four', () => {
    for (const iban of [
      'NL91ABNA0417164300',
      'nl91 abna 0417 1643 00',
      'DE89 3704 0044 0532 0130 00',
      'BE68 5390 0754 7034',
      'FR14 2004 1010 0505 0001 3M02 606',
      'CH93 0076 2011 6238 5295 7',
    ])
      expect(isSepaIban(iban), iban).toBe(true);
    for (const iban of ['NL91ABNA0417164301', 'NL91', '', 'XX00 1234', 'BR15 0000 0000 0000 1093 2840 814P2'])
      expect(isSepaIban(iban), iban).toBe(false);
    expect(formatIbanGroups('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it("reads a phone for the member's country and stores it in E.164", () => {
    expect(phoneE164('06 12345678', 'NL')).toBe('+31612345678');
    expect(phoneE164('0170 1234567', 'DE')).toBe('+491701234567');
    expect(phoneE164('0470 12 34 56', 'BE')).toBe('+32470123456');
    expect(phoneE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
    // An international number is read as such, whatever the country.
    expect(phoneE164('+49 170 1234567', 'NL')).toBe('+491701234567');
    for (const [typed, country] of [
      ['12345', 'NL'],
      ['06 1234', 'NL'],
      ['phone', 'DE'],
    ] as const)
      expect(phoneE164(typed, country)).toBeNull();
    expect(phoneHint('+31612345678')).toBe('+31 6 •••••678');
  });

  it('refuses a bad IBAN and a bad phone field by field', async () => {
    const { login } = await member();
    const badIban = await startForm(login, { iban: 'NL91ABNA0417164301' });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().error.details.fieldErrors.iban).toEqual(['iban_invalid']);
    const badPhone = await startForm(login, { phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.details.fieldErrors.phone).toEqual(['phone_invalid']);
  });
});

describe('the SMS code', () => {
  it('signs the mandate and the package is charged on it: pending, then paid by the notice', async () => {
    const payer = await member();
    const { mandateId, code } = await challenge(payer.login);
    const wrong = await sign(payer.login, mandateId, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'sms_code_invalid', message: 'Code invalid' });
    expect(wrong.json().error.details).toEqual({ tries_left: 4 });

    const signed = await sign(payer.login, mandateId, code);
    expect(signed.statusCode, signed.body).toBe(200);
    const { payment_id, next_url } = signed.json();
    expect(next_url).toBe(`/credits/p0/sdd?payment=${payment_id}`);
    expect(await paymentRow(payment_id)).toMatchObject({ method: 'sdd', sequence_type: 'recurring' });
    const page = await app.inject({ url: `/api/payment.php?id=${payment_id}`, ...payer.login });
    expect(page.json().payment).toMatchObject({ status: 'open', charged_on_mandate: true });
    expect(await balanceOf(services.db, payer.id)).toBe(0);

    // SEPA takes its time: the test gateway settles the debit after its delay and tells the webhook.
    await later(PAID_LATER_SECONDS + 1);
    await services.jobs.drain();
    expect((await paymentRow(payment_id)).status).toBe('paid');
    expect(await balanceOf(services.db, payer.id)).toBe(100);
    // A signed mandate cannot be signed again.
    expect((await sign(payer.login, mandateId, code)).json().error.code).toBe('mandate_already_signed');
    const { rows } = await services.pool.query(
      'select status, code_hash, provider_mandate_id from direct_debit_mandates where id = $1',
      [mandateId],
    );
    expect(rows[0]).toMatchObject({ status: 'active', code_hash: null });
    expect(rows[0].provider_mandate_id).toMatch(/^mdt_/);
  });

  it("charges the discount the page showed (a new member's time bonus), checked on the server", async () => {
    const payer = await member();
    const { mandateId, code } = await challenge(payer.login, { discount_code: 'TIMEBONUS25' });
    const signed = await sign(payer.login, mandateId, code);
    expect(signed.statusCode, signed.body).toBe(200);
    const { rows } = await services.pool.query(
      'select amount_cents, discount_code from payments where id = $1',
      [signed.json().payment_id],
    );
    expect(rows[0]).toEqual({ amount_cents: 1121, discount_code: 'TIMEBONUS25' });
  });

  it('allows 5 tries: the fifth wrong code ends the code, even for the right one after it', async () => {
    const { login } = await member();
    const { mandateId, code } = await challenge(login);
    for (const left of [4, 3, 2, 1]) {
      const res = await sign(login, mandateId, wrongCode(code));
      expect(res.json().error).toMatchObject({ code: 'sms_code_invalid', details: { tries_left: left } });
    }
    expect((await sign(login, mandateId, wrongCode(code))).json().error.code).toBe('sms_code_too_many_tries');
    expect((await sign(login, mandateId, code)).json().error.code).toBe('sms_code_too_many_tries');
  });

  it('expires after 10 minutes', async () => {
    const { login } = await member();
    const { mandateId, code } = await challenge(login);
    await later(10 * 60 + 1);
    const res = await sign(login, mandateId, code);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('sms_code_expired');
  });

  it('is sent again no sooner than 30 s after the last; the new one replaces the old', async () => {
    const { login } = await member();
    const { mandateId, code, e164 } = await challenge(login);
    const early = await post('/api/direct-debit-resend.php', login, { mandate_id: mandateId });
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('sms_resend_too_soon');
    expect(early.json().error.details.seconds).toBeGreaterThan(0);
    await later(31);
    const resent = await post('/api/direct-debit-resend.php', login, { mandate_id: mandateId });
    expect(resent.statusCode, resent.body).toBe(200);
    responses.push(resent.body);
    const fresh = await codeSentTo(e164);
    if (fresh !== code)
      expect((await sign(login, mandateId, code)).json().error.code).toBe('sms_code_invalid');
    expect((await sign(login, mandateId, fresh)).statusCode).toBe(200);
  });

  it('is limited per phone number, whatever the member or the headers', async () => {
    const phone = freshPhone();
    const codes: number[] = [];
    for (let i = 0; i <= SMS_PER_PHONE_PER_HOUR; i += 1) {
      const { login } = await member();
      const res = await app.inject({
        method: 'POST',
        url: '/api/direct-debit.php',
        payload: form({ phone }),
        ...login,
        headers: { ...login.headers, 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, SMS_PER_PHONE_PER_HOUR).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  /** Members who send codes to `phone` until the number's limit refuses them: others filling it. */
  async function fillNumberLimit(phone: string) {
    for (;;) {
      const { login } = await member();
      for (let i = 0; i < SMS_PER_MEMBER_PER_HOUR; i += 1) {
        const res = await startForm(login, { phone });
        if (res.statusCode === 429) {
          expect(res.json().error.code).toBe('sms_rate_limited');
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
      }
    }
  }

  it("keeps a number's codes for the member who asked first, however many others use it up", async () => {
    const owner = await member();
    const phone = freshPhone();
    await challenge(owner.login, { phone });
    await fillNumberLimit(phone);
    // A newcomer to the number is refused: the phone is not flooded…
    const stranger = await member();
    expect((await startForm(stranger.login, { phone })).statusCode).toBe(429);
    // …but its owner still gets codes, up to their own limit, and signs.
    const { mandateId, code } = await challenge(owner.login, { phone });
    expect((await sign(owner.login, mandateId, code)).statusCode).toBe(200);
    const first = await challenge(owner.login, { phone });
    await later(31);
    const resent = await post('/api/direct-debit-resend.php', owner.login, { mandate_id: first.mandateId });
    expect(resent.statusCode, resent.body).toBe(200);
    responses.push(resent.body);
    // Their own limit still holds: 1 + 2 forms + 1 resend so far.
    for (let sent = 4; sent < SMS_PER_MEMBER_PER_HOUR; sent += 1)
      expect((await startForm(owner.login, { phone })).statusCode).toBe(200);
    expect((await startForm(owner.login, { phone })).json().error.code).toBe('sms_rate_limited');
  });

  it('keeps a number for a member who signed a mandate with it, even if another asked first', async () => {
    const phone = freshPhone();
    // Someone else typed the number first (a mistake, or on purpose).
    await challenge((await member()).login, { phone });
    const owner = await member();
    const signed = await challenge(owner.login, { phone });
    expect((await sign(owner.login, signed.mandateId, signed.code)).statusCode).toBe(200);
    await fillNumberLimit(phone);
    await later(3_600);
    // Within the next hour's limit of the number, filled again by others:
    await fillNumberLimit(phone);
    const again = await challenge(owner.login, { phone });
    expect(again.code).toMatch(/^\d{6}$/);
  });
});

describe('who may pay by direct debit', () => {
  it('refuses a blocked member, at the form and at the signature', async () => {
    const blocked = await member();
    await blockDirectDebit(services.db, { userId: blocked.id, reason: 'back_office' });
    const res = await startForm(blocked.login);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'direct_debit_blocked',
      message: 'Your account is blocked for direct debit payments.',
    });
    const later = await member();
    const { mandateId, code } = await challenge(later.login);
    await blockDirectDebit(services.db, { userId: later.id, reason: 'reversal' });
    expect((await sign(later.login, mandateId, code)).json().error.code).toBe('direct_debit_blocked');
  });

  async function debitsOf(userId: number, count: number) {
    for (let i = 0; i < count; i += 1)
      await services.db.insert(payments).values({
        userId,
        packageId: 'p0',
        credits: 100,
        amountCents: 1495,
        currency: 'EUR',
        method: 'sdd',
        provider: 'test',
        providerPaymentId: `tg_limit_${userId}_${i}`,
        status: 'pending',
        country: 'NL',
        locale: 'nl',
        createdAt: services.now(),
      });
  }

  it('refuses a member at the limit (3 debits in 30 days by default) with the spec text', async () => {
    const payer = await member();
    await debitsOf(payer.id, 3);
    const res = await startForm(payer.login);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method.',
    );
  });

  it('lets only one of two signatures at the edge of the limit through', async () => {
    const payer = await member();
    await debitsOf(payer.id, 2);
    const first = await challenge(payer.login);
    const second = await challenge(payer.login);
    const results = await Promise.all([
      sign(payer.login, first.mandateId, first.code),
      sign(payer.login, second.mandateId, second.code),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('direct_debit_limit_reached');
  });

  it('refuses a logged-out visitor and another member on every route', async () => {
    const owner = await member();
    const other = await member();
    const { mandateId, code } = await challenge(owner.login);
    for (const [url, payload] of [
      ['/api/direct-debit.php', form()],
      ['/api/direct-debit-resend.php', { mandate_id: mandateId }],
      ['/api/direct-debit-sign.php', { mandate_id: mandateId, otp: code }],
      ['/api/repeat-order.php', { payment_id: crypto.randomUUID() }],
    ] as const) {
      const res = await post(url, undefined, payload);
      expect([401, 403], url).toContain(res.statusCode);
    }
    expect((await app.inject({ url: '/api/repeat-order.php' })).statusCode).toBeGreaterThanOrEqual(401);
    await later(31);
    const resend = await post('/api/direct-debit-resend.php', other.login, { mandate_id: mandateId });
    expect(resend.statusCode).toBe(404);
    const stolen = await sign(other.login, mandateId, code);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('mandate_not_found');
    // The owner still can.
    expect((await sign(owner.login, mandateId, code)).statusCode).toBe(200);
  });
});

/** A card purchase on the test checkout; `mandate` is the checkout's test switch for the stored card. */
async function cardPurchase(login: TestLogin, mandate: 'works' | 'fails' = 'works') {
  const res = await post('/api/payment.php', login, { package: 'p0', method: 'visa' });
  expect(res.statusCode, res.body).toBe(200);
  const gatewayId = new URL(res.json().checkout_url).pathname.split('/').pop() ?? '';
  const page = await app.inject({ url: `/test-gateway/${gatewayId}` });
  expect(page.body).toContain('name="mandate"');
  await app.inject({
    method: 'POST',
    url: `/test-gateway/${gatewayId}`,
    payload: `outcome=paid&mandate=${mandate}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await services.jobs.drain();
  return res.json().payment_id as string;
}

describe('repeat order', () => {
  it('charges the stored card without a checkout: pending, then completed', async () => {
    const buyer = await member();
    const first = await cardPurchase(buyer.login);
    expect(await paymentRow(first)).toMatchObject({ status: 'paid', sequence_type: 'first' });
    expect((await paymentRow(first)).mandate_id).toMatch(/^mdt_/);
    const offer = (await app.inject({ url: '/api/repeat-order.php', ...buyer.login })).json().repeat_order;
    expect(offer).toMatchObject({ payment_id: first, package: 'p0', method: 'visa', stored_mandate: true });
    const repeated = await post('/api/repeat-order.php', buyer.login, { payment_id: first });
    expect(repeated.statusCode, repeated.body).toBe(200);
    const { payment_id, next_url } = repeated.json();
    expect(next_url).toBe(`/credits/p0/visa?payment=${payment_id}`);
    expect(await paymentRow(payment_id)).toMatchObject({ sequence_type: 'recurring', status: 'open' });
    await later(PAID_LATER_SECONDS + 1);
    await services.jobs.drain();
    expect((await paymentRow(payment_id)).status).toBe('paid');
    expect(await balanceOf(services.db, buyer.id)).toBe(200);
  });

  it('a stored card that fails ends failed with its reason, for the manual-entry or PayPal offer', async () => {
    const buyer = await member();
    const first = await cardPurchase(buyer.login, 'fails');
    const repeated = await post('/api/repeat-order.php', buyer.login, { payment_id: first });
    const { payment_id } = repeated.json();
    await later(PAID_LATER_SECONDS + 1);
    await services.jobs.drain();
    const page = await app.inject({ url: `/api/payment.php?id=${payment_id}`, ...buyer.login });
    expect(page.json().payment).toMatchObject({
      status: 'failed',
      failure_reason: 'card_expired',
      charged_on_mandate: true,
      method: 'visa',
    });
    expect(await balanceOf(services.db, buyer.id)).toBe(100);
  });

  it("refuses another member's payment and answers nothing for a member who never paid", async () => {
    const buyer = await member();
    const first = await cardPurchase(buyer.login);
    const thief = await member();
    const stolen = await post('/api/repeat-order.php', thief.login, { payment_id: first });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('repeat_order_not_found');
    expect((await app.inject({ url: '/api/repeat-order.php', ...thief.login })).json()).toEqual({
      repeat_order: null,
    });
  });

  it('without a stored mandate goes to the checkout like any purchase', async () => {
    const buyer = await member();
    const res = await post('/api/payment.php', buyer.login, { package: 'p1', method: 'ideal' });
    const gatewayId = new URL(res.json().checkout_url).pathname.split('/').pop() ?? '';
    await app.inject({
      method: 'POST',
      url: `/test-gateway/${gatewayId}`,
      payload: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await services.jobs.drain();
    const offer = (await app.inject({ url: '/api/repeat-order.php', ...buyer.login })).json().repeat_order;
    expect(offer).toMatchObject({ package: 'p1', method: 'ideal', stored_mandate: false });
    const repeated = await post('/api/repeat-order.php', buyer.login, { payment_id: offer.payment_id });
    expect(repeated.json().next_url).toMatch(/\/test-gateway\/tg_/);
  });
});

describe('the codes sent in all the tests above', () => {
  it('never appear in an answer or a log line', () => {
    expect(codesSent.size).toBeGreaterThan(5);
    expect(responses.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(0);
    for (const code of codesSent) {
      expect(responses.filter((body) => body.includes(code))).toEqual([]);
      expect(logLines.filter((line) => line.includes(code))).toEqual([]);
    }
  });
});
