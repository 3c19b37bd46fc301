import { and, eq, ne, or } from 'drizzle-orm';
import type { DeleteReason } from '../../../shared/contracts/auth.ts';
import {
  DiscountCodeTextSchema,
  type DiscountKind,
  discountCents,
  isFirstPurchaseKind,
  RETENTION_DISCOUNT,
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
import { companyOf } from '../company/company.service.ts';

type DiscountCodeRow = typeof discountCodes.$inferSelect;

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
const firstPurchaseReserved = () =>
  new AppError(
    'discount_first_purchase_reserved',
    409,
    'Your first-purchase discount is reserved for a payment you started',
  );

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
  // The time bonus and the welcome discount are one first-purchase discount: whichever is used
  // first takes it for the member (the partial unique index on this scope, across codes).
  if (isFirstPurchaseKind(row.kind)) return `first-purchase:${userId}`;
  if (row.validity === 'once') return 'once';
  if (row.validity === 'unlimited') return `payment:${paymentId}`;
  return `member:${userId}`;
}

/**
 * Whether the code is taken for this member: by their own earlier use (used), or, for a
 * first-purchase code, by a payment still open that holds it or the other one (reserved: the
 * member is told the discount waits for that payment, not that it was used).
 */
async function takenBy(
  db: Queryable,
  row: DiscountCodeRow,
  userId: number,
): Promise<'used' | 'reserved' | null> {
  if (row.validity === 'unlimited' && !isFirstPurchaseKind(row.kind)) return null;
  const scope = scopeOf(row, userId, '');
  const [taken] = await db
    .select({ codeId: discountRedemptions.codeId, status: discountRedemptions.status })
    .from(discountRedemptions)
    .where(
      and(
        ne(discountRedemptions.status, 'released'),
        isFirstPurchaseKind(row.kind)
          ? // The shared scope, and what this code counted before the shared scope existed.
            or(
              eq(discountRedemptions.scope, scope),
              and(eq(discountRedemptions.codeId, row.id), eq(discountRedemptions.scope, `member:${userId}`)),
            )
          : and(eq(discountRedemptions.codeId, row.id), eq(discountRedemptions.scope, scope)),
      ),
    )
    .limit(1);
  if (!taken) return null;
  return taken.status === 'reserved' && isFirstPurchaseKind(row.kind) ? 'reserved' : 'used';
}

/**
 * When a code ends for this member: its own `expires`, and for the welcome discount and the time
 * bonus also their window after the member's sign-up (null: it does not end).
 */
function endOf(row: DiscountCodeRow, account: AccountFacts, welcomeDays: number): Date | null {
  const windowEnd = (seconds: number) => new Date(account.signupDate.getTime() + seconds * 1000);
  const kindEnd: Record<DiscountKind, Date | null> = {
    code: null,
    retention: null,
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
  if (isFirstPurchaseKind(row.kind) && account.paidUser) throw firstPurchaseError();
  const taken = await takenBy(db, row, asker.viewer.id);
  if (taken === 'reserved') throw firstPurchaseReserved();
  if (taken === 'used') throw usedError();
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

/** The member's own discount for staying, when they were given one (its code, never typed). */
async function retentionCodeOf(db: Queryable, userId: number): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, 'retention')))
    .limit(1);
  return row ?? null;
}

/** What the member's discounts without a code came to: the best, and whether the first purchase's is held. */
export type AutomaticDiscounts = { best: CheckedDiscount | null; firstPurchaseReserved: boolean };

/**
 * The discounts a member has without typing a code (spec §4): the time bonus while it runs, the
 * welcome discount (the time bonus takes precedence: both are the one first-purchase discount), and
 * the discount for staying they were given. The best of those that hold for this package and method
 * (the highest percentage; on a tie the first: the time bonus, then the welcome discount).
 */
export async function automaticDiscounts(
  services: DiscountServices,
  asker: DiscountAsker,
  target: DiscountTarget = {},
): Promise<AutomaticDiscounts> {
  const [account, retention] = await Promise.all([
    accountFacts(services.db, asker.viewer.id),
    retentionCodeOf(services.db, asker.viewer.id),
  ]);
  const candidates = [
    ...(timeBonusSecondsLeft(account.signupDate, account.paidUser, services.now()) > 0
      ? [TIME_BONUS.code]
      : []),
    WELCOME_DISCOUNT.code,
    ...(retention ? [retention.code] : []),
  ];
  let best: CheckedDiscount | null = null;
  let firstPurchaseReserved = false;
  for (const code of candidates) {
    try {
      const checked = await checkDiscount(services, asker, code, target);
      if (!best || checked.percentage > best.percentage) best = checked;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'discount_first_purchase_reserved') firstPurchaseReserved = true;
    }
  }
  return { best, firstPurchaseReserved };
}

/**
 * The discount a purchase gets (spec: the best a member is entitled to): the typed code (its
 * refusal explains itself) or, when one of the member's own discounts takes more off this package,
 * that one. On a tie the typed code, which the member chose.
 */
export async function bestDiscount(
  services: DiscountServices,
  asker: DiscountAsker,
  typed: string,
  target: DiscountTarget,
): Promise<CheckedDiscount> {
  const chosen = await checkDiscount(services, asker, typed, target);
  const { best } = await automaticDiscounts(services, asker, target);
  return best && best.percentage > chosen.percentage ? best : chosen;
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
    if (uniqueViolation(error, 'discount_redemptions_first_purchase_idx')) throw firstPurchaseReserved();
    if (uniqueViolation(error, 'discount_redemptions_scope_idx')) throw usedError();
    throw error;
  }
}

/** A redemption that another one of the same scope keeps out of a unique index. */
const scopeTaken = (error: unknown) =>
  uniqueViolation(error, 'discount_redemptions_scope_idx') ||
  uniqueViolation(error, 'discount_redemptions_first_purchase_idx');

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
      if (!scopeTaken(error)) throw error;
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

const retentionUnavailable = () =>
  new AppError('retention_offer_unavailable', 409, 'This offer is not available for your account');

/** The company's discount for staying, when it may still be offered to this member (null: not). */
export async function retentionOffer(
  services: Pick<AppServices, 'db' | 'state'>,
  viewer: MemberViewer,
): Promise<{ percentage: number } | null> {
  authorize(viewer, 'discount.retention');
  const { delete_discount: percentage } = await companyOf(services).get();
  if (percentage <= 0) return null;
  // Offered once: a member who stayed for it before is not offered it again.
  return (await retentionCodeOf(services.db, viewer.id)) ? null : { percentage };
}

/**
 * Stay instead of deleting the account: the member is given the offered discount, a code of their
 * own (`STAY-<id>`, valid once) that /credits applies by itself and that competes with their other
 * discounts (the best applies). Once per member: asking again answers the discount already given.
 * A member leaving because they found someone is not kept with a discount.
 */
export async function acceptRetentionOffer(
  services: Pick<AppServices, 'db' | 'state'>,
  viewer: MemberViewer,
  reason: DeleteReason,
): Promise<{ code: string; percentage: number }> {
  authorize(viewer, 'discount.retention');
  if (reason === 'found_someone') throw retentionUnavailable();
  const { delete_discount: percentage } = await companyOf(services).get();
  const given = await retentionCodeOf(services.db, viewer.id);
  if (given) return { code: given.code, percentage: given.valuePercentage };
  if (percentage <= 0) throw retentionUnavailable();
  const code = `${RETENTION_DISCOUNT.codePrefix}${viewer.id}`;
  // The code is unique: of two concurrent clicks one inserts, the other reads it.
  await services.db
    .insert(discountCodes)
    .values({ code, kind: 'retention', userId: viewer.id, valuePercentage: percentage, validity: 'once' })
    .onConflictDoNothing();
  const row = await retentionCodeOf(services.db, viewer.id);
  if (!row) throw retentionUnavailable();
  return { code: row.code, percentage: row.valuePercentage };
}
