import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, inArray, sql, sum } from 'drizzle-orm';
// The full metadata: the default one checks only lengths, and an SMS needs a real mobile number.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import {
  type DirectDebitForm,
  ibanElectronic,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_AFTER_SECONDS,
  type SmsChallenge,
} from '../../../../shared/contracts/direct-debit.ts';
import type { CreditOffer } from '../../../../shared/contracts/payments.ts';
import type { SettingsValues } from '../../../../shared/contracts/settings.ts';
import type { Queryable } from '../../../db/client.ts';
import { directDebitMandates, payments } from '../../../db/schema/index.ts';
import { DAY_MS } from '../../../lib/durations.ts';
import { countHit } from '../../../lib/rate-limit-store.ts';
import { AppError, validationFailed } from '../../../plugins/errors.ts';
import { authorize } from '../../../policy/policy.ts';
import { mandateNotFound } from '../../../policy/refusals.ts';
import type { AppServices } from '../../../services.ts';
import { creditOffers, type Payer, type PaymentRow, startPayment } from '../checkout/payments.service.ts';
import { keepsMandates } from '../providers/payment-provider.ts';
import { directDebitAvailable, paymentProviderOf } from '../providers/provider-choice.ts';
import { ensureCustomer } from '../providers/provider-customers.ts';
import { assertDirectDebitAllowed } from './direct-debit-blocks.ts';

export type DirectDebitServices = Pick<
  AppServices,
  | 'env'
  | 'db'
  | 'pool'
  | 'now'
  | 'enqueue'
  | 'settings'
  | 'sessions'
  | 'log'
  | 'sms'
  | 'translations'
  | 'state'
>;
type MandateRow = typeof directDebitMandates.$inferSelect;

/** SMS a member may be sent per hour, to any numbers: see ADR 0033. */
export const SMS_PER_MEMBER_PER_HOUR = 5;
/**
 * SMS a phone number may receive per hour from all members together, so that accounts made for it
 * cannot flood a stranger's phone. The number's keeper is not held to it (ADR 0033, addendum):
 * others' attempts must not lock the owner out of their own codes.
 */
export const SMS_PER_PHONE_PER_HOUR = 15;

const limitReached = () =>
  new AppError(
    'direct_debit_limit_reached',
    409,
    'Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method.',
  );
const unavailable = () =>
  new AppError('payment_method_unavailable', 400, 'This payment method is not available to you', {
    method: 'sdd',
  });
const codeInvalid = (triesLeft: number) =>
  new AppError('sms_code_invalid', 400, 'Code invalid', { tries_left: triesLeft });
const codeExpired = () => new AppError('sms_code_expired', 410, 'The code has expired, request a new one');
const tooManyTries = () =>
  new AppError('sms_code_too_many_tries', 429, 'Too many wrong codes, request a new one');
const resendTooSoon = (seconds: number) =>
  new AppError('sms_resend_too_soon', 429, 'A new code can be requested in a moment', { seconds });
const smsLimited = () => new AppError('sms_rate_limited', 429, 'Too many codes sent, try again later');
const smsFailed = () => new AppError('sms_send_failed', 502, 'The SMS could not be sent, please try again');
const mandateAlreadySigned = () =>
  new AppError('mandate_already_signed', 409, 'This mandate is already signed');

/** The code is kept only as this hash, salted with the mandate's id (a code of one is no code of another). */
const hashCode = (mandateId: string, code: string) =>
  createHash('sha256').update(`${mandateId}:${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const newCode = () => String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

/** Our SEPA mandate reference: unique (banks refuse a debit on a reused one), readable on a statement. */
const mandateReference = (now: Date) =>
  `LP-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(5).toString('hex').toUpperCase()}`;

/** "+31 6 12345678" → "+31 6 •••••678": enough for the member to recognise, not to read off. */
export function phoneHint(e164: string): string {
  const formatted = parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
  const digits = formatted.replace(/\D/g, '').length;
  let seen = 0;
  return formatted.replace(/\d/g, (digit) => {
    seen += 1;
    // The first three digits (the country code and more) and the last three stay.
    return seen <= 3 || seen > digits - 3 ? digit : '•';
  });
}

/** The member's phone as E.164, read for their country (a number with + may be of any country). */
export function phoneE164(typed: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(
    typed,
    country as Parameters<typeof parsePhoneNumberFromString>[1],
  );
  if (!parsed?.isValid()) return null;
  // SMS reach mobiles (and the numbers a country does not tell apart, as in the US).
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? parsed.number : null;
}

/**
 * The limit (settings.direct_debit_limit): the member's direct debits within the period, open,
 * pending or paid, with this one added, may not pass the count or the amount. Binding only inside
 * the transaction that inserts the payment: the member's advisory lock makes a second submission
 * wait for the first's insert and then count it, so two at the edge cannot both pass.
 */
async function assertWithinDirectDebitLimit(
  tx: Queryable,
  userId: number,
  offer: Pick<CreditOffer, 'amount'>,
  limit: SettingsValues['direct_debit_limit'],
  now: Date,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`direct-debit:${userId}`}, 0))`);
  const since = new Date(now.getTime() - limit.period_days * DAY_MS);
  const [used] = await tx
    .select({ debits: count(), cents: sum(payments.amountCents) })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.method, 'sdd'),
        inArray(payments.status, ['open', 'pending', 'paid']),
        gt(payments.createdAt, since),
      ),
    );
  const debits = Number(used?.debits ?? 0);
  const cents = Number(used?.cents ?? 0);
  if (debits + 1 > limit.max_debits || cents + offer.amount > limit.max_cents) throw limitReached();
}

/** The direct-debit checks every debit passes in its insert transaction: not blocked, within the limit. */
export function directDebitGuard(services: Pick<AppServices, 'now'>, userId: number, values: SettingsValues) {
  return async (tx: Queryable, offer: CreditOffer) => {
    await assertDirectDebitAllowed(tx, userId);
    await assertWithinDirectDebitLimit(tx, userId, offer, values.direct_debit_limit, services.now());
  };
}

/**
 * The member the number is kept for: one who signed a mandate with a code sent to it (they showed
 * they hold the phone), or the first member who was sent a code there. Asked only once the number's
 * own limit is reached (a scan of the mandates on one number).
 */
async function keepsNumber(db: Queryable, userId: number, phone: string): Promise<boolean> {
  const { rows } = await db.execute<{ keeps: boolean }>(sql`
    select exists (
             select 1 from ${directDebitMandates}
              where ${directDebitMandates.phone} = ${phone}
                and ${directDebitMandates.userId} = ${userId}
                and ${directDebitMandates.status} <> 'unsigned'
           )
           or ${userId} = (
             select ${directDebitMandates.userId} from ${directDebitMandates}
              where ${directDebitMandates.phone} = ${phone}
              order by ${directDebitMandates.createdAt}, ${directDebitMandates.id}
              limit 1
           ) as keeps`);
  return rows[0]?.keeps === true;
}

/**
 * SMS per member and per phone number, counted on keys no request can choose (not its address).
 * A member over their own limit is refused before the number counts the try. The number's limit
 * refuses everyone but its keeper: whoever fills it (members made to keep a stranger from their
 * codes) uses up no try of the keeper's, who stays held by their own member limit.
 */
async function countSms(services: Pick<AppServices, 'pool' | 'db'>, userId: number, phone: string) {
  const hour = 3_600_000;
  const member = await countHit(services.pool, `sms|member:${userId}`, hour);
  if (member.current > SMS_PER_MEMBER_PER_HOUR) throw smsLimited();
  const number = await countHit(services.pool, `sms|phone:${phone}`, hour);
  if (number.current > SMS_PER_PHONE_PER_HOUR && !(await keepsNumber(services.db, userId, phone)))
    throw smsLimited();
}

async function sendCode(services: DirectDebitServices, payer: Payer, mandate: MandateRow, code: string) {
  const values = await services.settings.getValues(payer.domain);
  const t = services.translations.t(payer.locale, 'payments');
  try {
    await services.sms.send({
      to: mandate.phone,
      text: t('direct_debit.sms_text', { code, site: values.name, minutes: SMS_CODE_TTL_SECONDS / 60 }),
    });
    services.log.info(
      { mandateId: mandate.id, userId: mandate.userId, to: phoneHint(mandate.phone), via: services.sms.kind },
      'direct-debit signing code sent',
    );
  } catch (error) {
    // The provider's words only: the message (and so the code) is never logged.
    services.log.error(
      { mandateId: mandate.id, reason: error instanceof Error ? error.message : 'unknown' },
      'the SMS code of a direct-debit mandate could not be sent',
    );
    throw smsFailed();
  }
}

const challengeOf = (mandate: MandateRow): SmsChallenge => ({
  mandate_id: mandate.id,
  phone_hint: phoneHint(mandate.phone),
  expires_at: (mandate.codeExpiresAt ?? mandate.codeSentAt).toISOString(),
  resend_at: new Date(mandate.codeSentAt.getTime() + SMS_RESEND_AFTER_SECONDS * 1000).toISOString(),
});

/**
 * The /directdebit form: checks the member may pay by direct debit (offered, not blocked, within
 * the limit), the IBAN and the phone for their country, then keeps the unsigned mandate with a
 * hash of a fresh 6-digit code and sends the code by SMS. The answer never holds the code.
 */
export async function startDirectDebit(
  services: DirectDebitServices,
  payer: Payer,
  form: DirectDebitForm,
): Promise<SmsChallenge> {
  authorize(payer.viewer, 'payment.start');
  const offers = await creditOffers(services, payer);
  if (!offers.methods.includes('sdd')) throw unavailable();
  const offer = offers.packages.find((p) => p.id === form.package);
  if (!offer) throw new AppError('package_not_found', 404, 'Package not found');
  await assertDirectDebitAllowed(services.db, payer.viewer.id);
  const values = await services.settings.getValues(payer.domain);
  // Told now rather than after the SMS; binding again when the payment is inserted.
  await services.db.transaction((tx) =>
    assertWithinDirectDebitLimit(tx, payer.viewer.id, offer, values.direct_debit_limit, services.now()),
  );
  const phone = phoneE164(form.phone, payer.country);
  if (!phone) throw validationFailed({ phone: ['phone_invalid'] });
  await countSms(services, payer.viewer.id, phone);

  const now = services.now();
  const id = randomUUID();
  const code = newCode();
  const [mandate] = await services.db
    .insert(directDebitMandates)
    .values({
      id,
      userId: payer.viewer.id,
      packageId: offer.id,
      discountCode: form.discount_code || null,
      accountHolder: form.account_holder,
      iban: ibanElectronic(form.iban),
      street: form.street,
      houseNumber: form.house_number,
      zip: form.zip,
      city: form.city,
      country: payer.country,
      phone,
      reference: mandateReference(now),
      codeHash: hashCode(id, code),
      codeSentAt: now,
      codeExpiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!mandate) throw new Error('mandate insert returned no row');
  await sendCode(services, payer, mandate, code);
  return challengeOf(mandate);
}

/** One of the member's own mandates (another member's answers like a missing one). */
async function ownMandate(
  tx: Queryable,
  payer: Payer,
  mandateId: string,
  lock: boolean,
): Promise<MandateRow> {
  const query = tx.select().from(directDebitMandates).where(eq(directDebitMandates.id, mandateId));
  const [mandate] = lock ? await query.for('update') : await query;
  if (!mandate) throw mandateNotFound();
  authorize(payer.viewer, 'mandate.use', { ownerId: mandate.userId });
  return mandate;
}

/** A new code for an unsigned mandate, no sooner than 30 s after the last; its wrong tries start again. */
export async function resendCode(
  services: DirectDebitServices,
  payer: Payer,
  mandateId: string,
): Promise<SmsChallenge> {
  authorize(payer.viewer, 'payment.start');
  const now = services.now();
  const code = newCode();
  const mandate = await services.db.transaction(async (tx) => {
    const current = await ownMandate(tx, payer, mandateId, true);
    if (current.status !== 'unsigned') throw mandateAlreadySigned();
    const wait = current.codeSentAt.getTime() + SMS_RESEND_AFTER_SECONDS * 1000 - now.getTime();
    if (wait > 0) throw resendTooSoon(Math.ceil(wait / 1000));
    await countSms(services, payer.viewer.id, current.phone);
    const [updated] = await tx
      .update(directDebitMandates)
      .set({
        codeHash: hashCode(current.id, code),
        codeSentAt: now,
        codeExpiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
        codeAttempts: 0,
        updatedAt: now,
      })
      .where(eq(directDebitMandates.id, current.id))
      .returning();
    return updated ?? current;
  });
  await sendCode(services, payer, mandate, code);
  return challengeOf(mandate);
}

type Verdict = { ok: true; mandate: MandateRow } | { ok: false; error: AppError };

/**
 * Signs the mandate with the SMS code ('Code invalid' for a wrong one; 5 tries, 10 minutes), then
 * creates it at the provider and charges the package on it: no checkout page, the member goes to
 * the return page, which shows 'Processing your payment' until the provider's notice settles it.
 */
export async function signMandate(
  services: DirectDebitServices,
  payer: Payer,
  input: { mandate_id: string; otp: string },
): Promise<{ payment: PaymentRow; returnPath: string }> {
  authorize(payer.viewer, 'payment.start');
  const now = services.now();
  // A wrong code's try is counted and committed before the refusal is thrown.
  const verdict: Verdict = await services.db.transaction(async (tx) => {
    const mandate = await ownMandate(tx, payer, input.mandate_id, true);
    if (mandate.status !== 'unsigned' || !mandate.codeHash)
      return { ok: false, error: mandateAlreadySigned() };
    if (mandate.codeAttempts >= SMS_CODE_MAX_TRIES) return { ok: false, error: tooManyTries() };
    if (!mandate.codeExpiresAt || mandate.codeExpiresAt <= now) return { ok: false, error: codeExpired() };
    if (!sameHash(mandate.codeHash, hashCode(mandate.id, input.otp))) {
      const attempts = mandate.codeAttempts + 1;
      await tx
        .update(directDebitMandates)
        .set({ codeAttempts: attempts, updatedAt: now })
        .where(eq(directDebitMandates.id, mandate.id));
      return {
        ok: false,
        error: attempts >= SMS_CODE_MAX_TRIES ? tooManyTries() : codeInvalid(SMS_CODE_MAX_TRIES - attempts),
      };
    }
    const [signed] = await tx
      .update(directDebitMandates)
      .set({ status: 'signed', signedAt: now, codeHash: null, codeExpiresAt: null, updatedAt: now })
      .where(eq(directDebitMandates.id, mandate.id))
      .returning();
    return { ok: true, mandate: signed ?? mandate };
  });
  if (!verdict.ok) {
    services.log.info(
      { mandateId: input.mandate_id, refused: verdict.error.code },
      'direct-debit code refused',
    );
    throw verdict.error;
  }
  services.log.info({ mandateId: verdict.mandate.id }, 'direct-debit mandate signed');
  return chargeSignedMandate(services, payer, verdict.mandate);
}

/** The signed mandate at the provider (customer, mandate), then the package charged on it. */
async function chargeSignedMandate(
  services: DirectDebitServices,
  payer: Payer,
  mandate: MandateRow,
): Promise<{ payment: PaymentRow; returnPath: string }> {
  const provider = paymentProviderOf(services);
  if (!keepsMandates(provider) || !directDebitAvailable(services)) throw unavailable();
  const values = await services.settings.getValues(payer.domain);
  await assertDirectDebitAllowed(services.db, payer.viewer.id);
  const fail = async (error: unknown) => {
    services.log.error({ err: error, mandateId: mandate.id }, 'the provider refused a direct-debit mandate');
    await services.db
      .update(directDebitMandates)
      .set({ status: 'failed', updatedAt: services.now() })
      .where(eq(directDebitMandates.id, mandate.id));
    return new AppError('payment_provider_failed', 502, 'The payment could not be started, please try again');
  };
  let customerId: string;
  let mandateId: string;
  try {
    customerId = await ensureCustomer(services, payer);
    ({ mandateId } = await provider.createDirectDebitMandate({
      customerId,
      consumerName: mandate.accountHolder,
      iban: mandate.iban,
      signatureDate: (mandate.signedAt ?? services.now()).toISOString().slice(0, 10),
      mandateReference: mandate.reference,
    }));
  } catch (error) {
    throw await fail(error);
  }
  await services.db
    .update(directDebitMandates)
    .set({
      status: 'active',
      provider: provider.name,
      providerCustomerId: customerId,
      providerMandateId: mandateId,
      updatedAt: services.now(),
    })
    .where(eq(directDebitMandates.id, mandate.id));
  const started = await startPayment(
    services,
    payer,
    {
      packageId: mandate.packageId,
      method: 'sdd',
      // Checked again now, at the price the page showed or not at all (a code that ended: full price).
      ...(mandate.discountCode ? { discountCode: mandate.discountCode } : {}),
    },
    { mandate: { customerId, mandateId }, guard: directDebitGuard(services, payer.viewer.id, values) },
  );
  await services.db
    .update(directDebitMandates)
    .set({ paymentId: started.payment.id })
    .where(eq(directDebitMandates.id, mandate.id));
  return started;
}
