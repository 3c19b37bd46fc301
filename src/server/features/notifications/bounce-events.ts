import { eq } from 'drizzle-orm';
import { notificationBounces, users } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import { changeNotificationsDisabled } from '../auth/accounts.service.ts';
import { memberOfBounceAddress } from './bounce-address.ts';
import type { InboundReport } from './inbound-report.ts';

type Services = Pick<AppServices, 'db' | 'sessions' | 'now' | 'state'>;

/**
 * A report about one of our mails, from the SMTP listener or the providers' webhook: the member is
 * the one its return path names (a signed VERP address); a hard bounce stops their mail with reason
 * `bounce`, a complaint with `fbl`, a soft bounce is only kept (the sending server retries it). A
 * report naming nobody is logged and dropped: answering it with an error would only make the
 * sender try again, forever. Twice is the same as once for the member's switch.
 */
export async function applyInboundReport(
  services: Services,
  log: Pick<Logger, 'info'>,
  report: InboundReport,
  via: 'smtp' | 'webhook',
): Promise<'applied' | 'ignored'> {
  if (report.kind === 'ignored') {
    log.info({ via, reason: report.reason }, 'inbound mail ignored');
    return 'ignored';
  }
  let userId: number | undefined;
  for (const address of report.returnPaths) {
    userId = await memberOfBounceAddress(services, address);
    if (userId) break;
  }
  if (!userId) {
    log.info({ via, kind: report.kind }, 'inbound report ignored: no signed return path of ours');
    return 'ignored';
  }
  const member = userId;
  const applied = await services.db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, member));
    if (!account) return false;
    await tx.insert(notificationBounces).values({
      userId: member,
      kind: report.kind,
      detail: report.detail.slice(0, 100),
      via,
      receivedAt: services.now(),
    });
    if (report.kind === 'hard') await changeNotificationsDisabled(services, tx, member, { add: 'bounce' });
    if (report.kind === 'complaint') await changeNotificationsDisabled(services, tx, member, { add: 'fbl' });
    return true;
  });
  log.info({ via, kind: report.kind, detail: report.detail, userId: member, applied }, 'inbound report');
  return applied ? 'applied' : 'ignored';
}

/** The erasure of an account: what came back about its mail goes. */
export async function removeBouncesOf(db: Pick<AppServices['db'], 'delete'>, userId: number): Promise<void> {
  await db.delete(notificationBounces).where(eq(notificationBounces.userId, userId));
}
