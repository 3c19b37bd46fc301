import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MailChangeSchema } from '../../../shared/contracts/auth.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, validationFailed } from '../../plugins/errors.ts';
import type { AppServices } from '../../services.ts';
import { consumeToken, type RequestMeta, sendAccountMail } from './account-mail.ts';
import { isDisposableEmail } from './disposable-domains.ts';
import { checkMemberPassword } from './password.service.ts';
import type { ActiveSession } from './sessions.service.ts';

export async function requestMailChange(
  services: Pick<AppServices, 'db' | 'now' | 'env' | 'enqueue' | 'settings' | 'translations'>,
  session: ActiveSession,
  input: z.infer<typeof MailChangeSchema>,
  meta: RequestMeta,
) {
  await checkMemberPassword(services, session, input.password, 'password');
  if (isDisposableEmail(input.email)) throw validationFailed({ email: ['new_email_invalid'] });
  const [taken] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`);
  if (taken)
    throw new AppError('email_taken', 409, 'This email address already owns an account on this website.');
  await sendAccountMail(services, 'mail_change', session.user, { ...meta, newEmail: input.email });
}

export async function confirmMailChange(
  services: Pick<AppServices, 'db' | 'now' | 'sessions'>,
  token: string,
) {
  // One transaction: a taken address leaves the link unused, so it works once the address is free.
  await services.db.transaction(async (tx) => {
    const row = await consumeToken(services, 'mail_change', token, tx);
    if (!row?.newEmail)
      throw new AppError('link_invalid', 410, 'Link expired or invalid, request a new email');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${row.newEmail}`);
    if (taken)
      throw new AppError('email_taken', 409, 'This email address already owns an account on this website.');
    // Following the link proves the new address works, which confirms an unconfirmed account too.
    await tx
      .update(users)
      .set({
        email: row.newEmail,
        emailConfirmedAt: services.now(),
        status: sql`case when ${users.status} = 'not_confirmed' then 'active' else ${users.status} end`,
      })
      .where(eq(users.id, row.userId));
    await services.sessions.invalidateUser(row.userId, tx);
  });
}
