import { and, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { paymentNotices, payments } from '../../../db/schema/index.ts';
import { defineState } from '../../../feature.ts';
import { defineJob } from '../../../lib/jobs.ts';
import type { AppServices } from '../../../services.ts';
import { applyProviderStatus, askProviderAgain, type PaymentServices } from '../checkout/payments.service.ts';
import type { PaymentProvider } from '../providers/payment-provider.ts';
import { paymentProviderOf } from '../providers/provider-choice.ts';

/**
 * A provider's notices, taken in and applied apart (docs/decisions/0030, addendum). The webhook
 * stores the notice and answers; the status is then fetched from the provider and applied by the
 * instance that took the notice, once for all the notices of a payment that arrive meanwhile. A
 * storm of 1,000 notices for 100 payments is a few dozen inserts and about 100 applications,
 * instead of 1,000 applications; the provider hears 200 as soon as the notice is safe in the
 * database. Nothing is lost to a crash or a provider's hiccup between the two: a notice is deleted only
 * once its payment's status was applied after it arrived, and the sweep applies what is left.
 */

type TakenNotice = { noticeId: number; paymentId: string; providerPaymentId: string };

/**
 * Stores one notice for each of our payments among these provider ids (one statement, committed
 * before the provider hears 200); an id we never handed out (a forged notice, a scan) stores
 * nothing. Answers the notice stored for each known id.
 */
async function storeNotices(
  services: Pick<PaymentServices, 'db'>,
  provider: PaymentProvider,
  providerPaymentIds: string[],
): Promise<Map<string, TakenNotice>> {
  const { rows } = await services.db.execute<{
    id: number;
    payment_id: string;
    provider_payment_id: string;
  }>(sql`
    with known as (
      select ${payments.id} as payment_id, ${payments.providerPaymentId} as provider_payment_id
      from ${payments}
      where ${payments.provider} = ${provider.name}
        and ${payments.providerPaymentId} = any(${sql.param(providerPaymentIds)}::text[])
    ), stored as (
      insert into ${paymentNotices} (payment_id) select payment_id from known returning id, payment_id
    )
    select stored.id, stored.payment_id, known.provider_payment_id
    from stored join known on known.payment_id = stored.payment_id`);
  return new Map(
    rows.map((row) => [
      row.provider_payment_id,
      { noticeId: Number(row.id), paymentId: row.payment_id, providerPaymentId: row.provider_payment_id },
    ]),
  );
}

/**
 * A payment waiting for or in its application on this instance: the newest notice it must cover,
 * and whether one came during the round under way.
 */
type Applying = { upTo: number; again: boolean };

type Arriving = {
  providerPaymentId: string;
  resolve: (notice: TakenNotice | null) => void;
  reject: (error: unknown) => void;
};

export type NoticeQueue = {
  /**
   * Stores a notice and answers, once it is committed, whether it was one of our payments; the
   * payment's status is then applied soon, at once or after the application already running for
   * it. The notices that arrive while one statement stores others go together in the next (one
   * commit for many, one row for a payment's notices that arrive together). The applications are
   * the instance's background work (services.background: shutdown and tests wait for them).
   */
  receive: (provider: PaymentProvider, providerPaymentId: string) => Promise<boolean>;
};

/** A notice's application runs after the answer: the instance's background work. */
type NoticeServices = PaymentServices & Pick<AppServices, 'background'>;

/** The instance's queue of notices to store and apply, one per app (payments.feature.ts lists it). */
export const noticeQueueState = defineState('payments.notice-queue', (services) =>
  createNoticeQueue(services),
);

export function noticeQueueOf(services: Pick<AppServices, 'state'>): NoticeQueue {
  return services.state.of(noticeQueueState);
}

/**
 * Payments applied at once by an instance; the others wait their turn. A storm's applications
 * (a provider call and a transaction each) must leave the pool's connections and the cores to
 * the notices still arriving, which wait for nothing but their insert.
 */
const MAX_APPLYING = 4;

/** Enough to share a commit among a storm's notices, few enough for one short statement. */
const MAX_STORED_TOGETHER = 200;

function createNoticeQueue(services: NoticeServices): NoticeQueue {
  const applying = new Map<string, Applying>();
  const arriving = new Map<PaymentProvider, Arriving[]>();
  let storing = false;

  /**
   * One statement for the batch; when it fails, each id on its own, so a notice that cannot be
   * stored fails alone and never the notices that happened to arrive with it.
   */
  const storeBatch = async (provider: PaymentProvider, batch: Arriving[]) => {
    const ids = [...new Set(batch.map((a) => a.providerPaymentId))];
    try {
      const stored = await storeNotices(services, provider, ids);
      for (const a of batch) a.resolve(stored.get(a.providerPaymentId) ?? null);
      return;
    } catch (error) {
      if (ids.length === 1) {
        for (const a of batch) a.reject(error);
        return;
      }
    }
    for (const id of ids)
      await storeBatch(
        provider,
        batch.filter((a) => a.providerPaymentId === id),
      );
  };

  const storeArriving = async () => {
    storing = true;
    try {
      for (const [provider, waiting] of arriving) {
        while (waiting.length > 0) {
          await storeBatch(provider, waiting.splice(0, MAX_STORED_TOGETHER));
        }
        arriving.delete(provider);
      }
    } finally {
      storing = false;
    }
  };

  /** Payments whose notices wait for a free application, oldest first. */
  const queued = new Map<string, TakenNotice>();
  let running = 0;
  const startQueued = () => {
    for (const [paymentId, notice] of queued) {
      if (running >= MAX_APPLYING) return;
      queued.delete(paymentId);
      const entry = applying.get(paymentId) as Applying;
      running += 1;
      void services.background.track(
        run(notice, entry).finally(() => {
          running -= 1;
          startQueued();
        }),
      );
    }
  };

  const run = async (notice: TakenNotice, entry: Applying) => {
    try {
      do {
        // A notice that arrives from here on asks for another round: the provider may have
        // changed the status after this round's fetch.
        entry.again = false;
        const upTo = entry.upTo;
        await applyProviderStatus(services, notice.providerPaymentId);
        await forgetNotices(services, notice.paymentId, upTo);
      } while (entry.again);
    } catch (error) {
      // The notices stay: the sweep applies them (a provider's hiccup, a lost connection).
      services.log.warn({ err: error, paymentId: notice.paymentId }, 'a payment notice was not applied');
    } finally {
      applying.delete(notice.paymentId);
    }
  };

  const take = (provider: PaymentProvider, providerPaymentId: string) =>
    new Promise<TakenNotice | null>((resolve, reject) => {
      const waiting = arriving.get(provider) ?? [];
      waiting.push({ providerPaymentId, resolve, reject });
      arriving.set(provider, waiting);
      if (!storing) void storeArriving();
    });

  const apply = (notice: TakenNotice) => {
    const running = applying.get(notice.paymentId);
    if (running) {
      running.again = true;
      running.upTo = Math.max(running.upTo, notice.noticeId);
      return;
    }
    applying.set(notice.paymentId, { upTo: notice.noticeId, again: false });
    queued.set(notice.paymentId, notice);
    startQueued();
  };

  return {
    receive: async (provider, providerPaymentId) => {
      const notice = await take(provider, providerPaymentId);
      if (notice) apply(notice);
      return notice !== null;
    },
  };
}

/** The notices of a payment up to `upTo`, applied: a newer one stays for its own round. */
async function forgetNotices(services: Pick<PaymentServices, 'db'>, paymentId: string, upTo: number) {
  await services.db
    .delete(paymentNotices)
    .where(and(eq(paymentNotices.paymentId, paymentId), lte(paymentNotices.id, upTo)));
}

/** Notices older than this were not applied by the instance that took them: the sweep's. */
const NOTICE_SWEEP_AFTER_MS = 60_000;

/** Every minute: the notices that a crash or a failure left, applied. */
export const PAYMENT_NOTICES_SWEEP_JOB = defineJob({
  name: 'payment-notices-sweep',
  payload: z.object({}),
  cron: '* * * * *',
  maxAttempts: 1,
});

/** Applies each payment with a notice older than NOTICE_SWEEP_AFTER_MS (the jobs' shared loop); answers how many. */
export async function sweepPaymentNotices(
  services: PaymentServices,
  provider: PaymentProvider = paymentProviderOf(services),
): Promise<number> {
  // By the database's clock, which stamped the notices.
  const { rows } = await services.db.execute<{
    payment_id: string;
    provider_payment_id: string;
    up_to: number;
  }>(
    sql`select n.payment_id, p.provider_payment_id, max(n.id) as up_to
    from ${paymentNotices} n join ${payments} p on p.id = n.payment_id
    where n.received_at < now() - ${NOTICE_SWEEP_AFTER_MS} * interval '1 millisecond' and p.provider = ${provider.name}
    group by n.payment_id, p.provider_payment_id
    limit 200`,
  );
  const upTo = new Map(rows.map((row) => [row.payment_id, Number(row.up_to)]));
  const due = rows.map((row) => ({ id: row.payment_id, providerPaymentId: row.provider_payment_id }));
  const applied = await askProviderAgain(services, provider, due, 'the notices sweep', (paymentId) =>
    forgetNotices(services, paymentId, upTo.get(paymentId) as number),
  );
  return applied.length;
}
