import { and, eq } from 'drizzle-orm';
import type { PushSubscribeInput, PushUnsubscribeInput } from '../../../shared/contracts/push.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { pushSends, pushSubscriptions } from '../../db/schema/index.ts';
import { authorize } from '../../policy/policy.ts';
import type { MemberViewer } from '../../policy/viewer.ts';
import type { AppServices } from '../../services.ts';

/**
 * Stores this device's subscription for the member and the session that posted it. Posting it again
 * (every page load of a subscribed browser does) is the same as once; a browser that another
 * member now uses moves to them, since its pushes must reach whoever is logged in there.
 */
export async function savePushSubscription(
  services: Pick<AppServices, 'db'>,
  viewer: MemberViewer,
  sessionId: string,
  input: PushSubscribeInput,
): Promise<void> {
  authorize(viewer, 'account.notifications');
  const { endpoint, keys } = input.subscription;
  const values = { p256dh: keys.p256dh, auth: keys.auth, userId: viewer.id, sessionId };
  await services.db
    .insert(pushSubscriptions)
    .values({ endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** This device's subscription goes; only the member's own (an endpoint is no proof of anything else). */
export async function removePushSubscription(
  services: Pick<AppServices, 'db'>,
  viewer: MemberViewer,
  input: PushUnsubscribeInput,
): Promise<void> {
  authorize(viewer, 'account.notifications');
  await services.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, viewer.id)));
}

/** A push service answered 404 or 410: the browser dropped the subscription, and so do we. */
export async function forgetSubscription(db: Queryable, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The erasure of an account: its devices and its push marks go. */
export async function removePushOf(db: Pick<Database, 'delete'>, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await db.delete(pushSends).where(eq(pushSends.userId, userId));
}
