import { describe, expect, it } from 'vitest';
import type { DiscountResponse } from '../../../shared/contracts/discounts.ts';
import { discountCodes } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember, logIn, type MemberOverrides, type TestLogin } from '../../test/members.ts';
import { webhookNotice } from '../../test/payment-notices.ts';
import { scriptedProvider } from '../../test/scripted-provider.ts';
import { companyOf } from '../company/company.service.ts';
import { balanceOf } from '../credits/credits.service.ts';
import { setPaymentProvider } from '../payments/providers/provider-choice.ts';

const { app, services } = await createTestApp();
const scripted = scriptedProvider();
setPaymentProvider(services, scripted.provider);

const HOUR = 3_600_000;
// The default prices in euro cents (settings.defaults.ts): p0 14,95, p1 29,95, p2 59,95.
const P0 = 1495;
const P2 = 5995;

let codeCounter = 0;
/** A code of its own for each test (codes are unique), any field overridden. */
async function makeCode(fields: Partial<typeof discountCodes.$inferInsert> = {}) {
  codeCounter += 1;
  const code = fields.code ?? `TEST${codeCounter}X${process.pid}`;
  const [row] = await services.db
    .insert(discountCodes)
    .values({ valuePercentage: 10, ...fields, code })
    .returning();
  if (!row) throw new Error('no code row');
  return row;
}

/**
 * A member who signed up a month ago, so no discount of their own (time bonus, welcome discount)
 * competes with the codes a test types, unless the test gives another sign-up date.
 */
async function member(overrides: MemberOverrides = {}) {
  const created = await createMember(services.db, {
    country: 'NL',
    signupDate: new Date(Date.now() - 30 * 24 * HOUR),
    ...overrides,
  });
  return { ...created, login: await logIn(services.db, created.id) };
}

const ask = (login: TestLogin | Record<string, never>, query: string) =>
  app.inject({ url: `/api/discountcode.php?${query}`, ...login });

const buy = (login: TestLogin, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/payment.php', payload: body, ...login });

const notice = (id: string) => webhookNotice({ app, services }, id);

async function paymentRow(id: string) {
  const { rows } = await services.pool.query('select * from payments where id = $1', [id]);
  return rows[0];
}

async function redemptionOf(paymentId: string) {
  const { rows } = await services.pool.query(
    'select status from discount_redemptions where payment_id = $1',
    [paymentId],
  );
  return rows[0]?.status as string | undefined;
}

describe('GET /api/discountcode.php: a code', () => {
  it('answers a code in any case with the spec’s fields, and the price of a package with it', async () => {
    const code = await makeCode({ valuePercentage: 10 });
    const { login } = await member();
    const res = await ask(login, `code=${code.code.toLowerCase()}&package=p2&method=ideal`);
    expect(res.statusCode, res.body).toBe(200);
    const { discount } = res.json() as DiscountResponse;
    expect(discount).toMatchObject({
      code: code.code,
      kind: 'code',
      value_percentage: 10,
      percentage: 10,
      status: 'active',
      validity: 'once_per_member',
      expired: false,
      country: null,
      paymentmethods: null,
      amount: P2,
      // 10 % of 59,95 is 5,995: rounded half up to 6,00 off.
      discounted_amount: P2 - 600,
    });
  });

  it('explains every refusal: not found, expired, country, currency, method, minimum', async () => {
    const { login } = await member();
    const expect4xx = async (query: string, status: number, code: string) => {
      const res = await ask(login, query);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      return res.json().error;
    };
    const notFound = await expect4xx('code=NOSUCHCODE', 404, 'discount_code_not_found');
    expect(notFound.message).toBe('Code not found');
    await expect4xx('code=bad%20code!', 404, 'discount_code_not_found');
    const inactive = await makeCode({ status: 'inactive' });
    await expect4xx(`code=${inactive.code}`, 404, 'discount_code_not_found');
    const expired = await makeCode({ expires: new Date(Date.now() - HOUR) });
    await expect4xx(`code=${expired.code}`, 400, 'discount_code_expired');
    const belgian = await makeCode({ country: 'BE' });
    expect((await expect4xx(`code=${belgian.code}`, 400, 'discount_code_country')).details).toEqual({
      country: 'BE',
    });
    const pounds = await makeCode({ currency: 'GBP' });
    await expect4xx(`code=${pounds.code}`, 400, 'discount_code_currency');
    const paypal = await makeCode({ paymentMethods: ['paypal'] });
    expect(
      (await expect4xx(`code=${paypal.code}&method=ideal`, 400, 'discount_code_method')).details,
    ).toEqual({ methods: ['paypal'] });
    expect((await ask(login, `code=${paypal.code}&method=paypal`)).statusCode).toBe(200);
    const minimum = await makeCode({ minimumOrderValue: 2000, currency: 'EUR' });
    const below = await expect4xx(`code=${minimum.code}&package=p0`, 400, 'discount_code_minimum');
    expect(below.details).toEqual({ minimum_order_value: 2000, currency: 'EUR' });
    expect(below.message).toBe('This code is valid from 20.00 EUR');
    // Without a package the code is answered with its minimum, for the page to mark each package.
    const open = (await ask(login, `code=${minimum.code}`)).json() as DiscountResponse;
    expect(open.discount.minimum_order_value).toBe(2000);
    expect((await ask(login, `code=${minimum.code}&package=p2`)).statusCode).toBe(200);
  });

  it('answers a member’s own code to them only: to anyone else it does not exist', async () => {
    const owner = await member();
    const other = await member();
    const personal = await makeCode({ userId: owner.id });
    expect((await ask(owner.login, `code=${personal.code}`)).statusCode).toBe(200);
    const refused = await ask(other.login, `code=${personal.code}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('discount_code_not_found');
    const bought = await buy(other.login, { package: 'p2', method: 'ideal', discount_code: personal.code });
    expect(bought.json().error.code).toBe('discount_code_not_found');
  });

  it('refuses visitors, and a request with neither a code nor welcome', async () => {
    const visitor = await ask({}, 'code=WELCOME25');
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('authentication_required');
    const { login } = await member();
    expect((await ask(login, 'package=p2')).statusCode).toBe(400);
  });
});

describe('the time bonus and the welcome discount', () => {
  it('gives a member who signed up an hour ago the time bonus, with its end and the seconds left', async () => {
    const signupDate = new Date(Date.now() - HOUR);
    const { login } = await member({ signupDate });
    const res = await ask(login, 'welcome=true&package=p0');
    expect(res.statusCode, res.body).toBe(200);
    const { discount } = res.json() as DiscountResponse;
    expect(discount).toMatchObject({
      code: 'TIMEBONUS25',
      kind: 'time_bonus',
      value_percentage: 25,
      validity: 'once_per_member',
      ends_at: new Date(signupDate.getTime() + 4 * HOUR).toISOString(),
      amount: P0,
      discounted_amount: P0 - 374,
    });
    expect(discount.seconds_left).toBeGreaterThan(3 * 3600 - 60);
    expect(discount.seconds_left).toBeLessThanOrEqual(3 * 3600);
    // The session says so too, for the banner.
    const user = (await app.inject({ url: '/api/user.php', ...login })).json().user;
    expect(user.time_bonus.ends_at).toBe(discount.ends_at);
    expect(user.time_bonus.seconds_left).toBeGreaterThan(3 * 3600 - 60);
  });

  it('gives the welcome discount after the 4 hours, for the settings’ days, then nothing', async () => {
    const signupDate = new Date(Date.now() - 5 * HOUR);
    const fiveHours = await member({ signupDate });
    const welcome = (await ask(fiveHours.login, 'welcome=true')).json() as DiscountResponse;
    expect(welcome.discount).toMatchObject({ code: 'WELCOME25', kind: 'welcome', percentage: 25 });
    expect(welcome.discount.ends_at).toBe(new Date(signupDate.getTime() + 7 * 24 * HOUR).toISOString());
    const user = (await app.inject({ url: '/api/user.php', ...fiveHours.login })).json().user;
    expect(user.time_bonus).toBeNull();

    const eightDays = await member({ signupDate: new Date(Date.now() - 8 * 24 * HOUR) });
    // None is an answer, not a failure: the page asks on every visit (no failed request logged).
    const none = await ask(eightDays.login, 'welcome=true');
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ discount: null, first_purchase_reserved: false });
    // Typed by hand, the welcome discount's window holds too.
    expect((await ask(eightDays.login, 'code=WELCOME25')).json().error.code).toBe('discount_code_expired');
  });

  it('gives a member who paid neither, however new', async () => {
    const paid = await member({ signupDate: new Date(Date.now() - HOUR), paidUser: true });
    expect((await ask(paid.login, 'welcome=true')).json()).toEqual({
      discount: null,
      first_purchase_reserved: false,
    });
    expect((await ask(paid.login, 'code=TIMEBONUS25')).json().error.code).toBe(
      'discount_code_first_purchase',
    );
    const user = (await app.inject({ url: '/api/user.php', ...paid.login })).json().user;
    expect(user.time_bonus).toBeNull();
  });

  it('ends the time bonus at 4 hours: the welcome discount takes over', async () => {
    const justOver = await member({ signupDate: new Date(Date.now() - 4 * HOUR - 1000) });
    expect((await ask(justOver.login, 'code=TIMEBONUS25')).json().error.code).toBe('discount_code_expired');
    expect(((await ask(justOver.login, 'welcome=true')).json() as DiscountResponse).discount.code).toBe(
      'WELCOME25',
    );
  });
});

describe('POST /api/payment.php with a discount', () => {
  it('charges the discounted amount computed on the server and stores the discount on the payment', async () => {
    const code = await makeCode({ valuePercentage: 12.5 });
    const { login } = await member();
    // 12,5 % of 59,95 is 7,49375: 7,49 off, 52,46 to pay.
    const res = await buy(login, { package: 'p2', method: 'ideal', discount_code: code.code, amount: 5246 });
    expect(res.statusCode, res.body).toBe(200);
    const row = await paymentRow(res.json().payment_id);
    expect(row).toMatchObject({
      amount_cents: 5246,
      original_amount_cents: P2,
      discount_cents: 749,
      discount_code: code.code,
      discount_percentage: '12.50',
      status: 'open',
    });
    const { payment } = (await app.inject({ url: `/api/payment.php?id=${row.id}`, ...login })).json();
    expect(payment.discount).toEqual({ code: code.code, percentage: 12.5, amount: 749, original_amount: P2 });
    expect(payment.amount).toBe(5246);
    // The receipt shows it, to the owner only.
    const receipt = (await app.inject({ url: `/api/transaction.php?id=${row.id}`, ...login })).json();
    expect(receipt.transaction).toMatchObject({ amount: 5246, discount: payment.discount });
    const stranger = (await member()).login;
    expect((await app.inject({ url: `/api/transaction.php?id=${row.id}`, ...stranger })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: `/api/payment.php?id=${row.id}`, ...stranger })).statusCode).toBe(404);
  });

  it('refuses a tampered price or package, and a code below its minimum, and starts nothing', async () => {
    const code = await makeCode({ valuePercentage: 10, minimumOrderValue: 2000, currency: 'EUR' });
    const { id, login } = await member();
    const tampered = await buy(login, {
      package: 'p2',
      method: 'ideal',
      discount_code: code.code,
      amount: 100,
    });
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error.code).toBe('price_changed');
    // The undiscounted price is refused as well: the page must show what will be charged.
    const undiscounted = await buy(login, {
      package: 'p2',
      method: 'ideal',
      discount_code: code.code,
      amount: P2,
    });
    expect(undiscounted.json().error.code).toBe('price_changed');
    const badPackage = await buy(login, { package: 'p7', method: 'ideal', discount_code: code.code });
    expect(badPackage.statusCode).toBe(400);
    const below = await buy(login, { package: 'p0', method: 'ideal', discount_code: code.code });
    expect(below.json().error.code).toBe('discount_code_minimum');
    const { rows } = await services.pool.query('select count(*)::int as n from payments where user_id = $1', [
      id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('lets exactly one of two concurrent purchases use a once-per-member code', async () => {
    const code = await makeCode({ validity: 'once_per_member' });
    const { id, login } = await member();
    const answers = await Promise.all([
      buy(login, { package: 'p0', method: 'ideal', discount_code: code.code }),
      buy(login, { package: 'p1', method: 'ideal', discount_code: code.code }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error).toMatchObject({
      code: 'discount_code_used',
      message: 'Code already used',
    });
    const { rows } = await services.pool.query('select count(*)::int as n from payments where user_id = $1', [
      id,
    ]);
    expect(rows[0].n).toBe(1);
    // Asked again while the first payment is on its way: used.
    expect((await ask(login, `code=${code.code}`)).json().error.code).toBe('discount_code_used');
    // Another member may use it too: once per member.
    const other = await member();
    expect(
      (await buy(other.login, { package: 'p0', method: 'ideal', discount_code: code.code })).statusCode,
    ).toBe(200);
  });

  it('lets exactly one of five members use a code valid once in all, concurrently', async () => {
    const code = await makeCode({ validity: 'once' });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => member()));
    const answers = await Promise.all(
      buyers.map((b) => buy(b.login, { package: 'p0', method: 'ideal', discount_code: code.code })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.json().error?.code === 'discount_code_used')).toHaveLength(4);
  });

  it('releases the code when the payment fails, and keeps it when it is paid', async () => {
    const code = await makeCode();
    const { id, login } = await member();
    const first = await buy(login, { package: 'p0', method: 'ideal', discount_code: code.code });
    const failed = await paymentRow(first.json().payment_id);
    scripted.set(failed.provider_payment_id, 'failed');
    await notice(failed.provider_payment_id);
    expect(await redemptionOf(failed.id)).toBe('released');
    expect((await ask(login, `code=${code.code}`)).statusCode).toBe(200);

    const second = await buy(login, { package: 'p0', method: 'ideal', discount_code: code.code });
    expect(second.statusCode, second.body).toBe(200);
    const paid = await paymentRow(second.json().payment_id);
    scripted.set(paid.provider_payment_id, 'paid');
    await notice(paid.provider_payment_id);
    expect(await redemptionOf(paid.id)).toBe('redeemed');
    expect(await balanceOf(services.db, id)).toBe(100);
    const again = await ask(login, `code=${code.code}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('discount_code_used');
  });

  it('releases the code of a cancelled or expired payment too', async () => {
    for (const status of ['canceled', 'expired'] as const) {
      const code = await makeCode();
      const { login } = await member();
      const res = await buy(login, { package: 'p0', method: 'ideal', discount_code: code.code });
      const row = await paymentRow(res.json().payment_id);
      scripted.set(row.provider_payment_id, status);
      await notice(row.provider_payment_id);
      expect(await redemptionOf(row.id)).toBe('released');
    }
  });

  it('buys with the time bonus: 25 % off the first purchase, then it is gone', async () => {
    const { login } = await member({ signupDate: new Date(Date.now() - HOUR) });
    const res = await buy(login, {
      package: 'p0',
      method: 'ideal',
      discount_code: 'TIMEBONUS25',
      amount: P0 - 374,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await paymentRow(res.json().payment_id);
    scripted.set(row.provider_payment_id, 'paid');
    await notice(row.provider_payment_id);
    const none = await ask(login, 'welcome=true');
    expect(none.statusCode).toBe(200);
    expect(none.json().discount).toBeNull();
    const user = (await app.inject({ url: '/api/user.php', ...login })).json().user;
    expect(user.paid_user).toBe(true);
    expect(user.time_bonus).toBeNull();
  });
});

describe('one first-purchase discount per member, whichever code', () => {
  const newMember = () => member({ signupDate: new Date(Date.now() - HOUR) });
  const TIME_BONUS_P0 = { package: 'p0', method: 'ideal', discount_code: 'TIMEBONUS25', amount: P0 - 374 };
  const WELCOME_P0 = { package: 'p0', method: 'ideal', discount_code: 'WELCOME25', amount: P0 - 374 };

  async function discountedPayments(userId: number) {
    const { rows } = await services.pool.query(
      'select id, provider_payment_id, discount_code from payments where user_id = $1 and discount_cents > 0',
      [userId],
    );
    return rows as { id: string; provider_payment_id: string; discount_code: string }[];
  }

  it('holds it for an open payment: the other code is refused, then free again when that payment expires', async () => {
    const { login } = await newMember();
    const first = await buy(login, TIME_BONUS_P0);
    expect(first.statusCode, first.body).toBe(200);
    const second = await buy(login, WELCOME_P0);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('discount_first_purchase_reserved');
    expect((await ask(login, 'code=WELCOME25')).json().error.code).toBe('discount_first_purchase_reserved');
    // The page is told why it has no discount now, without a failed request.
    expect((await ask(login, 'welcome=true')).json()).toEqual({
      discount: null,
      first_purchase_reserved: true,
    });

    const row = await paymentRow(first.json().payment_id);
    scripted.set(row.provider_payment_id, 'expired');
    await notice(row.provider_payment_id);
    const again = await buy(login, WELCOME_P0);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('says the same code is held by the open payment, not used, when a member starts again', async () => {
    // Past the time bonus: the welcome discount is the member's only one, and a payment left open
    // at the provider holds it. The page was told nothing and showed the full price.
    const { login } = await member({ signupDate: new Date(Date.now() - 5 * HOUR) });
    const first = await buy(login, WELCOME_P0);
    expect(first.statusCode, first.body).toBe(200);
    expect((await ask(login, 'welcome=true')).json()).toEqual({
      discount: null,
      first_purchase_reserved: true,
    });
    const again = await buy(login, WELCOME_P0);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('discount_first_purchase_reserved');
    const row = await paymentRow(first.json().payment_id);
    scripted.set(row.provider_payment_id, 'canceled');
    await notice(row.provider_payment_id);
    expect((await ask(login, 'welcome=true')).json().discount?.code).toBe('WELCOME25');
  });

  it('lets at most one of two purchases started at the same moment with the two codes be discounted and paid', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, login } = await newMember();
      const answers = await Promise.all([buy(login, TIME_BONUS_P0), buy(login, WELCOME_P0)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().error.code).toBe(
        'discount_first_purchase_reserved',
      );
      const discounted = await discountedPayments(id);
      expect(discounted).toHaveLength(1);
      for (const payment of discounted) {
        scripted.set(payment.provider_payment_id, 'paid');
        await notice(payment.provider_payment_id);
      }
      // Paid: the member has had their first purchase, neither code is left.
      for (const code of ['TIMEBONUS25', 'WELCOME25'])
        expect((await ask(login, `code=${code}`)).json().error.code).toBe('discount_code_first_purchase');
    }
  });
});

describe('the best discount a member is entitled to', () => {
  it('applies the time bonus when a smaller code is typed, and a bigger code over it', async () => {
    const small = await makeCode({ valuePercentage: 10, validity: 'unlimited' });
    const big = await makeCode({ valuePercentage: 30, validity: 'unlimited' });
    const { login } = await member({ signupDate: new Date(Date.now() - HOUR) });
    // The code's own price (10 % off) is not what this member pays: the page must show the best.
    const codePrice = await buy(login, {
      package: 'p0',
      method: 'ideal',
      discount_code: small.code,
      amount: P0 - 150,
    });
    expect(codePrice.statusCode).toBe(409);
    expect(codePrice.json().error.code).toBe('price_changed');
    const res = await buy(login, {
      package: 'p0',
      method: 'ideal',
      discount_code: small.code,
      amount: P0 - 374,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The payment names the discount that applied: the receipt says what the page said.
    expect(await paymentRow(res.json().payment_id)).toMatchObject({
      discount_code: 'TIMEBONUS25',
      discount_cents: 374,
    });

    const other = await member({ signupDate: new Date(Date.now() - HOUR) });
    // 30 % of 14,95 is 4,485: 4,49 off.
    const bigger = await buy(other.login, {
      package: 'p0',
      method: 'ideal',
      discount_code: big.code,
      amount: P0 - 449,
    });
    expect(bigger.statusCode, bigger.body).toBe(200);
    expect((await paymentRow(bigger.json().payment_id)).discount_code).toBe(big.code);
  });

  it('applies the time bonus to a package below a typed code’s minimum', async () => {
    const code = await makeCode({ valuePercentage: 20, minimumOrderValue: 2000, currency: 'EUR' });
    const { login } = await member({ signupDate: new Date(Date.now() - HOUR) });
    const res = await buy(login, {
      package: 'p0',
      method: 'ideal',
      discount_code: 'TIMEBONUS25',
      amount: P0 - 374,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Typed, the code still explains itself for that package.
    expect((await ask(login, `code=${code.code}&package=p0`)).json().error.code).toBe(
      'discount_code_minimum',
    );
  });
});

describe('the discount for staying (account deletion’s offer)', () => {
  const offer = (login: TestLogin) => app.inject({ url: '/api/retention-offer.php', ...login });
  const stay = (login: TestLogin, reason: string) =>
    app.inject({ method: 'POST', url: '/api/retention-offer.php', payload: { reason }, ...login });

  it('gives the company’s delete_discount once, as a code of the member’s own that /credits applies', async () => {
    const percentage = (await companyOf(services).get()).delete_discount;
    expect(percentage).toBeGreaterThan(25);
    const { id, login } = await member({ signupDate: new Date(Date.now() - HOUR) });
    expect((await offer(login)).json()).toEqual({ offer: { percentage } });

    const given = await stay(login, 'price');
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().discount).toEqual({ code: `STAY-${id}`, percentage });
    // Once: not offered again, and asking again answers the same discount.
    expect((await offer(login)).json()).toEqual({ offer: null });
    expect((await stay(login, 'time')).json().discount).toEqual({ code: `STAY-${id}`, percentage });

    // It beats the time bonus: the best applies, on the page and in the purchase.
    const active = (await ask(login, 'welcome=true&package=p0')).json();
    expect(active.discount).toMatchObject({ code: `STAY-${id}`, kind: 'retention', percentage });
    const price = active.discount.discounted_amount as number;
    const res = await buy(login, {
      package: 'p0',
      method: 'ideal',
      discount_code: `STAY-${id}`,
      amount: price,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await paymentRow(res.json().payment_id);
    scripted.set(row.provider_payment_id, 'paid');
    await notice(row.provider_payment_id);
    expect(await redemptionOf(row.id)).toBe('redeemed');
    // Used once: gone.
    expect((await ask(login, 'welcome=true')).json().discount).toBeNull();
    expect((await ask(login, `code=STAY-${id}`)).json().error.code).toBe('discount_code_used');

    // Nobody else can use it.
    const stranger = await member();
    expect((await ask(stranger.login, `code=STAY-${id}`)).json().error.code).toBe('discount_code_not_found');
  });

  it('is not given to a member leaving because they found someone, nor to visitors', async () => {
    const { login } = await member();
    const refused = await stay(login, 'found_someone');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('retention_offer_unavailable');
    expect((await offer(login)).json().offer).not.toBeNull();
    expect((await app.inject({ url: '/api/retention-offer.php' })).json().error.code).toBe(
      'authentication_required',
    );
    const bad = await stay(login, 'nonsense');
    expect(bad.statusCode).toBe(400);
  });

  it('offers nothing when the company’s delete_discount is 0', async () => {
    const before = (await companyOf(services).get()).delete_discount;
    await companyOf(services).update({ delete_discount: 0 });
    try {
      const { login } = await member();
      expect((await offer(login)).json()).toEqual({ offer: null });
      expect((await stay(login, 'price')).json().error.code).toBe('retention_offer_unavailable');
    } finally {
      await companyOf(services).update({ delete_discount: before });
    }
  });
});

describe('POST /api/dismissal.php', () => {
  it('stores the dismissal of the time-bonus modal once, with the account, for every device', async () => {
    const { id, login } = await member({ signupDate: new Date(Date.now() - HOUR) });
    const before = (await app.inject({ url: '/api/user.php', ...login })).json().user;
    expect(before.dismissals).toEqual({});
    const res = await app.inject({
      method: 'POST',
      url: '/api/dismissal.php',
      payload: { key: 'time_bonus_modal' },
      ...login,
    });
    expect(res.statusCode, res.body).toBe(200);
    const first = (await app.inject({ url: '/api/user.php', ...login })).json().user.dismissals
      .time_bonus_modal;
    expect(Date.parse(first)).toBeGreaterThan(Date.now() - 60_000);
    // Again: the first time stays. Another device (a new session) knows it too.
    await app.inject({
      method: 'POST',
      url: '/api/dismissal.php',
      payload: { key: 'time_bonus_modal' },
      ...login,
    });
    const elsewhere = await logIn(services.db, id);
    const user = (await app.inject({ url: '/api/user.php', ...elsewhere })).json().user;
    expect(user.dismissals.time_bonus_modal).toBe(first);
  });

  it('refuses visitors, a request without the CSRF token and an unknown alert', async () => {
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/dismissal.php',
      payload: { key: 'time_bonus_modal' },
    });
    expect(visitor.json().error.code).toBe('authentication_required');
    const { login } = await member();
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/dismissal.php',
      payload: { key: 'time_bonus_modal' },
      cookies: login.cookies,
    });
    expect(noToken.json().error.code).toBe('csrf_failed');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/dismissal.php',
      payload: { key: 'everything' },
      ...login,
    });
    expect(unknown.statusCode).toBe(400);
  });
});
