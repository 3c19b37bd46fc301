import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DeleteAccountSchema } from '../../../shared/contracts/auth.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Tx } from '../../db/client.ts';
import { accountTokens, users } from '../../db/schema/index.ts';
import type { Feature } from '../../feature.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { publish } from '../../lib/event-bus.ts';
import { defineJob } from '../../lib/jobs.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { consumeToken, type RequestMeta, sendAccountMail } from './account-mail.ts';
import { memberVisibilityChanged } from './accounts.service.ts';
import { eraseLockoutOf } from './lockout.service.ts';
import { checkMemberPassword } from './password.service.ts';
import { type ActiveSession, createSession, revokeUserSessions } from './sessions.service.ts';
import { eraseTrackingRecordOf } from './tracking.service.ts';

export const ERASE_ACCOUNT_JOB = defineJob({
  name: 'erase-account',
  payload: z.object({ userId: z.number().int().positive(), requestedAt: z.string() }),
  // Due 14 days after the deletion request: kept well beyond that.
  retentionDays: 60,
});
export async function deleteAccount(
  services: Pick<AppServices, 'db' | 'now' | 'env' | 'enqueue' | 'settings' | 'translations' | 'sessions'>,
  session: ActiveSession,
  input: z.infer<typeof DeleteAccountSchema>,
  meta: RequestMeta,
) {
  // An advertising entry's account that never got a password is confirmed by its session alone.
  if (session.user.passwordHash !== null)
    await checkMemberPassword(services, session, input.password, 'password');
  const now = services.now();
  // One transaction: hidden, logged out everywhere, the way back mailed and the erasure scheduled.
  // A crash in between used to leave an account hidden whose erasure was never scheduled.
  await services.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        status: 'pending_deletion',
        deletionRequestedAt: now,
        deleteReason: input.reason,
        deleteRemarks: input.remarks || null,
      })
      .where(eq(users.id, session.user.id));
    await revokeUserSessions(tx, session.user.id, now);
    await sendAccountMail(services, 'reactivation', session.user, meta, tx);
    await services.enqueue(
      ERASE_ACCOUNT_JOB,
      { userId: session.user.id, requestedAt: now.toISOString() },
      {
        tx,
        runAt: new Date(now.getTime() + LIMITS.reactivationDays * DAY_MS),
        dedupeKey: `erase:${session.user.id}:${now.toISOString()}`,
      },
    );
    await services.sessions.invalidateUser(session.user.id, tx);
    // Gone from every list at once, as after the invisible switch (accounts.service.ts).
    await publish(tx, memberVisibilityChanged, session.user.id);
  });
}

export async function requestReactivation(
  services: Pick<AppServices, 'db' | 'now' | 'env' | 'enqueue' | 'settings' | 'translations'>,
  email: string,
  meta: RequestMeta,
) {
  const [user] = await services.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  // Said the same way whether or not the address is pending deletion: nothing to learn here.
  if (user?.status === 'pending_deletion' && !user.erasedAt)
    await sendAccountMail(services, 'reactivation', user, meta);
}

export async function reactivate(
  services: Pick<AppServices, 'db' | 'now' | 'sessions'>,
  token: string,
  meta: RequestMeta,
) {
  // The link used, the account back and a session for it: all or nothing.
  return services.db.transaction(async (tx) => {
    const row = await consumeToken(services, 'reactivation', token, tx);
    if (!row) throw new AppError('link_invalid', 410, 'Link expired or invalid, request a new email');
    const [user] = await tx
      .update(users)
      .set({
        status: sql`case when ${users.emailConfirmedAt} is null then 'not_confirmed' else 'active' end`,
        deletionRequestedAt: null,
        deleteReason: null,
        deleteRemarks: null,
      })
      .where(and(eq(users.id, row.userId), eq(users.status, 'pending_deletion'), isNull(users.erasedAt)))
      .returning();
    if (!user) throw new AppError('link_invalid', 410, 'Link expired or invalid, request a new email');
    await services.sessions.invalidateUser(user.id, tx);
    const session = await createSession(tx, user.id, { ...meta, now: services.now() });
    return { userId: user.id, ...session };
  });
}

/** Auth's own rows of an account being erased: its mailed links and the traffic source it came with. */
export async function eraseAccountRowsOf(tx: Tx, userId: number): Promise<void> {
  await eraseTrackingRecordOf(tx, userId);
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
}

/**
 * After the reactivation window: personal data goes (profile, photos, e-mail, name, password);
 * the row stays as an anonymous stub because payment records must be kept for the tax office.
 * Takes the whole AppServices: it hands them to every feature's eraseAccount hook.
 */
export async function eraseAccountJob(
  services: AppServices,
  payload: z.infer<typeof ERASE_ACCOUNT_JOB.payload>,
  features: readonly Feature[],
) {
  const { userId } = payload;
  const [user] = await services.db.select().from(users).where(eq(users.id, userId));
  if (user?.status !== 'pending_deletion' || user.erasedAt) return; // reactivated or already erased
  const windowEnd = (user.deletionRequestedAt?.getTime() ?? 0) + LIMITS.reactivationDays * DAY_MS;
  if (services.now().getTime() < windowEnd) return; // a later deletion request has its own job
  await services.db.transaction(async (tx) => {
    // Every feature removes its own rows of the member (photos, blocks, the profile, …).
    for (const feature of features) await feature.eraseAccount?.(services, tx, userId);
    await eraseLockoutOf(tx, user);
    await tx
      .update(users)
      .set({
        email: `erased-${userId}@erased.invalid`,
        name: `deleted-${userId}`,
        passwordHash: null,
        signupIp: null,
        deleteRemarks: null,
        status: 'disabled',
        erasedAt: services.now(),
      })
      .where(eq(users.id, userId));
  });
}
