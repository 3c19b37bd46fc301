import { and, eq, gt, isNull } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../shared/i18n/locales.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Queryable } from '../../db/client.ts';
import { accountTokens } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/durations.ts';
import { defineJob } from '../../lib/jobs.ts';
import { type Mail, MailSchema } from '../../lib/mailer.ts';
import type { AppServices } from '../../services.ts';
import { type AccountMailKind, renderAccountMail } from './auth.mails.ts';
import { createToken, hashToken } from './tokens.ts';

/*
 * The single-use links every account flow mails (activation, password reset, e-mail change,
 * reactivation): the stored token, its mail through the jobs worker, and using a token once.
 */

export const SEND_MAIL_JOB = defineJob({ name: 'send-mail', payload: MailSchema });

const TOKEN_LIFETIME_MS: Record<AccountMailKind, number> = {
  activation: 30 * DAY_MS,
  password_reset: 3_600_000,
  mail_change: DAY_MS,
  reactivation: LIMITS.reactivationDays * DAY_MS,
};

const LINK_PATH: Record<AccountMailKind, string> = {
  activation: '/api/activate.php',
  password_reset: '/reset-password/do',
  mail_change: '/mail-change/do',
  reactivation: '/reactivate',
};

/** The single-use link a mail of this kind carries. */
export const accountMailLink = (publicUrl: string, kind: AccountMailKind, token: string) =>
  `${publicUrl}${LINK_PATH[kind]}?token=${encodeURIComponent(token)}`;

export type RequestMeta = { domain: string; locale: Locale; ip?: string; userAgent?: string };

/**
 * Stores a single-use link and enqueues its mail. Given the caller's transaction (`tx`), both
 * commit with the change that causes them, or neither does.
 */
export async function sendAccountMail(
  services: Pick<AppServices, 'db' | 'now' | 'env' | 'enqueue' | 'settings' | 'translations'>,
  kind: AccountMailKind,
  user: { id: number; email: string; name: string; language: string },
  meta: { domain: string; newEmail?: string },
  tx: Queryable = services.db,
) {
  const { token, hash } = createToken();
  await tx.insert(accountTokens).values({
    userId: user.id,
    kind,
    tokenHash: hash,
    newEmail: meta.newEmail ?? null,
    expiresAt: new Date(services.now().getTime() + TOKEN_LIFETIME_MS[kind]),
  });
  const locale: Locale = isLocale(user.language) ? user.language : 'nl';
  const link = accountMailLink(services.env.publicUrl, kind, token);
  const mail = await renderAccountMail(services, kind, {
    to: meta.newEmail ?? user.email,
    name: user.name,
    locale,
    link,
    domain: meta.domain,
  });
  await services.enqueue(SEND_MAIL_JOB, mail, { tx });
}

export async function sendMailJob(services: Pick<AppServices, 'mailer'>, mail: Mail) {
  await services.mailer.send(mail);
}

/**
 * The account a mailed link of this kind was made for, used or not, expired or not: what a link
 * that can no longer be used still tells (an activation link opened twice). Undefined for a token
 * nobody was sent.
 */
export async function accountOfToken(db: Queryable, kind: AccountMailKind, token: string) {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, kind)));
  return row?.userId;
}

/** Uses a mailed token once: the row is marked used in the same statement that finds it. */
export async function consumeToken(
  services: Pick<AppServices, 'db' | 'now'>,
  kind: AccountMailKind,
  token: string,
  tx: Queryable = services.db,
) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: services.now() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, services.now()),
      ),
    )
    .returning();
  return row;
}
