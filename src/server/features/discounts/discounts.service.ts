import { and, eq, ne } from 'drizzle-orm';
import {
  DiscountCodeTextSchema,
  type DiscountKind,
  discountCents,
  TIME_BONUS,
  timeBonusSecondsLeft,
  WELCOME_DISCOUNT,
} from '../../../shared/contracts/discounts.ts';
import type { Currency, PaymentMethod, PaymentStatus } from '../../../shared/contracts/payments.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/pg-errors.ts';
import { discountCodes, discountRedemptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { authorize } from '../../policy/policy.ts';
import { discountCodeNotFound } from '../../policy/refusals.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

type DiscountServices = Pick<AppServices, 'db' | 'now' | 'settings'>;

/** Who asks, and for what: the member, where they live, which settings, in which currency. */
export type DiscountAsker = { viewer: MemberViewer; country: string; domain: string; currency: Currency };

/** What a code is checked against: a package's price, a method (each only when chosen). */
export type DiscountTarget = { amountCents?: number; method?: PaymentMethod };

/** The member's account as a discount's rules read it: fresh from the database, not the session. */
type AccountFacts = { signupDate: Date; paidUser: boolean };

/** A code checked for a member: the row, its window's end for this member, and its percentage. */
export type CheckedDiscount = { row: DiscountCodeRow; endsAt: Date | null; percentage: number };

const usedError = () => new AppError('discount_code_used', 409, 'Code already used');
const expiredError = () => new AppError('discount_code_expired', 400, 'This code has expired');
const firstPurchaseError = () =>
  new AppError('discount_code_first_purchase', 400, 'This code is only valid for your first purchase');

async function accountFacts(db: Queryable, userId: number): Promise<AccountFacts> {
  const [account] = await db
    .select({ signupDate: users.signupDate, paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw discountCodeNotFound();
  return account;
}

/** The code's row by the text a member typed (any case); null when there is none or it is malformed. */
async function findCode(db: Queryable, text: string): Promise<DiscountCodeRow | null> {
  const parsed = DiscountCodeTextSchema.safeParse(text);
  if (!parsed.success) return null;
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, parsed.data));
  return row ?? null;
}

/**
 * What a code's validity counts once: the member (once per member), everyone (once), or nothing
 * but the payment itself (unlimited). The partial unique index on (code, scope) enforces it.
 */
function scopeOf(row: DiscountCodeRow, userId: number, paymentId: string): string {
  if (row.validity === 'once') return 'once';
  if (row.validity === 'unlimited') return `payment:${paymentId}`;
  return `member:${userId}`;
}

async function alreadyUsed(db: Queryable, row: DiscountCodeRow, userId: number): Promise<boolean> {
  if (row.validity === 'unlimited') return false;
  const [used] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, row.id),
        eq(discountRedemptions.scope, scopeOf(row, userId, '')),
        ne(discountRedemptions.status, 'released'),
      ),
    )
    .limit(1);
  return used !== undefined;
}

/**
 * When a code ends for this member: its own `expires`, and for the welcome discount and the time
 * bonus also their window after the member's sign-up (null: it does not end).
 */
function endOf(row: DiscountCodeRow, account: AccountFacts, welcomeDays: number): Date | null {
  const windowEnd = (seconds: number) => new Date(account.signupDate.getTime() + seconds * 1000);
  const kindEnd: Record<DiscountKind, Date | null> = {
    code: null,
    time_bonus: windowEnd(TIME_BONUS.seconds),
    welcome: windowEnd(welcomeDays * 86_400),
  };
  const ends = [row.expires, kindEnd[row.kind]].filter((d): d is Date => d !== null);
  return ends.length === 0 ? null : new Date(Math.min(...ends.map((d) => d.getTime())));
}

/**
 * Checks a code for a member, and for a package's price and a method when they are given. Every
 * refusal says why in the member's language (the page shows `errors.<code>` with the details):
 * not found (also another member's or a switched-off code), expired, already used, first purchase
 * only, another country, currency or method, or below its minimum order (with the minimum).
 */
export async function checkDiscount(
  services: DiscountServices,
  asker: DiscountAsker,
  text: string,
  target: DiscountTarget = {},
  db: Queryable = services.db,
): Promise<CheckedDiscount> {
  const row = await findCode(db, text);
  if (row?.status !== 'active') throw discountCodeNotFound();
  authorize(asker.viewer, 'discount.use', { ownerId: row.userId });
  const [account, values] = await Promise.all([
    accountFacts(db, asker.viewer.id),
    services.settings.getValues(asker.domain),
  ]);
  const endsAt = endOf(row, account, values.welcome_discount_days);
  if (endsAt && endsAt.getTime() <= services.now().getTime()) throw expiredError();
  if (await alreadyUsed(db, row, asker.viewer.id)) throw usedError();
  if (row.kind !== 'code' && account.paidUser) throw firstPurchaseError();
  if (row.country && row.country !== asker.country)
    throw new AppError('discount_code_country', 400, `This code is only valid in ${row.country}`, {
      country: row.country,
    });
  if (row.currency && row.currency !== asker.currency)
    throw new AppError(
      'discount_code_currency',
      400,
      `This code is only valid for payments in ${row.currency}`,
      { currency: row.currency },
    );
  if (target.method && row.paymentMethods && !row.paymentMethods.includes(target.method))
    throw new AppError(
      'discount_code_method',
      400,
      `This code is only valid with ${row.paymentMethods.join(', ')}`,
      { methods: row.paymentMethods },
    );
  if (
    target.amountCents !== undefined &&
    row.minimumOrderValue !== null &&
    target.amountCents < row.minimumOrderValue
  )
    throw new AppError(
      'discount_code_minimum',
      400,
      `This code is valid from ${(row.minimumOrderValue / 100).toFixed(2)} ${row.currency}`,
      { minimum_order_value: row.minimumOrderValue, currency: row.currency },
    );
  return { row, endsAt, percentage: row.valuePercentage };
}

/**
 * The member's active discount (spec §4): the time bonus while it runs (never paid, 4 hours from
 * sign-up, TIMEBONUS25 not used), otherwise the welcome discount (first purchase, the settings'
 * window), otherwise none (`no_active_discount`, which the page ignores).
 */
export async function activeDiscount(
  services: DiscountServices,
  asker: DiscountAsker,
  target: DiscountTarget = {},
): Promise<CheckedDiscount> {
  const account = await accountFacts(services.db, asker.viewer.id);
  const candidates =
    timeBonusSecondsLeft(account.signupDate, account.paidUser, services.now()) > 0
      ? [TIME_BONUS.code, WELCOME_DISCOUNT.code]
      : [WELCOME_DISCOUNT.code];
  for (const code of candidates) {
    try {
      return await checkDiscount(services, asker, code, target);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  throw new AppError('no_active_discount', 404, 'No active discount');
}

/** A package's price with a checked discount: what is charged and what it took off (integer cents). */
export function priceWith(discount: CheckedDiscount, amountCents: number) {
  const off = discountCents(amountCents, discount.percentage);
  return { amountCents: amountCents - off, discountCents: off, originalAmountCents: amountCents };
}

/**
 * Reserves a code for a payment, in the transaction that writes the payment row: of two
 * concurrent purchases with a once-only code, the second's insert meets the first's row in the
 * unique index (waiting for its commit), and fails with 'Code already used'. The savepoint keeps
 * the caller's transaction usable for the error.
 */
export async function reserveDiscount(
  tx: Tx,
  discount: CheckedDiscount,
  userId: number,
  paymentId: string,
): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.insert(discountRedemptions).values({
        codeId: discount.row.id,
        userId,
        paymentId,
        scope: scopeOf(discount.row, userId, paymentId),
      });
    });
  } catch (error) {
    if (uniqueViolation(error, 'discount_redemptions_scope_idx')) throw usedError();
    throw error;
  }
}

/**
 * A payment's code follows the payment to its end, in the transaction that records the status: paid
 * keeps it for good (redeemed), failed, cancelled and expired give it back (released), so a payment
 * that did not go through does not burn the code. Paid after a release (paid wins over failed,
 * docs/decisions/0030) takes the code back unless it was used again meanwhile: the member paid
 * the discounted price either way, and the back office reads the log.
 */
export async function settleDiscount(
  tx: Tx,
  paymentId: string,
  status: PaymentStatus,
  now: Date,
  log?: Pick<AppServices['log'], 'warn'>,
): Promise<void> {
  if (status === 'paid') {
    const [redemption] = await tx
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.paymentId, paymentId))
      .for('update');
    if (!redemption || redemption.status === 'redeemed') return;
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint
          .update(discountRedemptions)
          .set({ status: 'redeemed', settledAt: now })
          .where(eq(discountRedemptions.id, redemption.id));
      });
    } catch (error) {
      if (!uniqueViolation(error, 'discount_redemptions_scope_idx')) throw error;
      log?.warn({ paymentId }, 'a payment paid after its discount code was used again: left released');
    }
    return;
  }
  if (status === 'failed' || status === 'canceled' || status === 'expired')
    await tx
      .update(discountRedemptions)
      .set({ status: 'released', settledAt: now })
      .where(and(eq(discountRedemptions.paymentId, paymentId), eq(discountRedemptions.status, 'reserved')));
}
