import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PasswordChangeSchema } from '../../../shared/contracts/auth.ts';
import { users } from '../../db/schema/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import { AppError, validationFailed } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { consumeToken, type RequestMeta, sendAccountMail } from './account-mail.ts';
import { unlockAccount, verifyMemberPassword } from './lockout.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { type ActiveSession, revokeUserSessions } from './sessions.service.ts';

export const PASSWORD_RESET_MAIL_JOB = defineJob({
  name: 'password-reset-mail',
  payload: z.object({ email: z.string().max(254), domain: z.string().max(253) }),
});

/** What setting a new password uses: the account's row, the clock and the session cache. */
type PasswordChangeDeps = Pick<AppServices, 'db' | 'now' | 'sessions'>;

/**
 * Answers every address the same way after the same work (one job), so the reset tells nobody
 * whether an address has an account; the job finds the account and mails it (docs/decisions/0013).
 */
export async function requestPasswordReset(
  services: Pick<AppServices, 'enqueue'>,
  email: string,
  meta: RequestMeta,
) {
  await services.enqueue(PASSWORD_RESET_MAIL_JOB, { email: email.trim().toLowerCase(), domain: meta.domain });
}

export async function passwordResetMailJob(
  services: Pick<AppServices, 'db' | 'now' | 'env' | 'enqueue' | 'settings' | 'translations'>,
  payload: z.infer<typeof PASSWORD_RESET_MAIL_JOB.payload>,
) {
  const [user] = await services.db.select().from(users).where(sql`lower(${users.email}) = ${payload.email}`);
  if (!user || user.erasedAt || user.status === 'disabled') return;
  await sendAccountMail(services, 'password_reset', user, { domain: payload.domain });
}

export async function resetPassword(
  services: PasswordChangeDeps,
  input: { token: string; password: string },
) {
  // Hashed first (the slow part, also for a wrong link), then one transaction: the link used, the
  // password set, every lock lifted, every session ended; a crash leaves the link still usable.
  const passwordHash = await hashPassword(input.password);
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const row = await consumeToken(services, 'password_reset', input.token, tx);
    if (!row) throw new AppError('link_invalid', 410, 'Link expired or invalid, request a new email');
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        // An entry sign-up that lost its session gets in this way; /complete-signup asks the rest.
        signupMissing: sql`array_remove(${users.signupMissing}, 'password')`,
      })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email, name: users.name });
    // The mailbox proved the owner: every lock on the account lifts, also one a stranger caused.
    if (user) await unlockAccount(tx, user);
    // Whoever knew the old password is logged out everywhere.
    await revokeUserSessions(tx, row.userId, now);
    await services.sessions.invalidateUser(row.userId, tx);
  });
}

/** A logged-in member's own password, asked again before a change; limited like logins. */
export async function checkMemberPassword(
  services: Pick<AppServices, 'db' | 'now'>,
  session: ActiveSession,
  password: string,
  field: 'old_password' | 'password',
) {
  await verifyMemberPassword(
    services.db,
    session.user.id,
    services.now(),
    () => verifyPassword(session.user.passwordHash, password),
    () => validationFailed({ [field]: ['old_password_wrong'] }),
  );
}

export async function changePassword(
  services: PasswordChangeDeps,
  session: ActiveSession,
  input: z.infer<typeof PasswordChangeSchema>,
) {
  await checkMemberPassword(services, session, input.old_password, 'old_password');
  const passwordHash = await hashPassword(input.password);
  const now = services.now();
  // The new password and the end of the other sessions commit together.
  await services.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, session.user.id));
    await revokeUserSessions(tx, session.user.id, now, session.id);
    await services.sessions.invalidateUser(session.user.id, tx);
  });
}
