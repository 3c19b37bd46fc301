import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/contracts/notifications.ts';
import type { Queryable } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import {
  eventKeyOf,
  type NotificationEvent,
  NotificationEventSchema,
} from '../notifications/notification-events.ts';
import type { Channels } from '../notifications/notification-mail-delivery.ts';
import { switchedOn } from '../notifications/preferences.service.ts';

export type PushJob = NotificationEvent;

export const PUSH_JOB = defineJob({
  name: 'notification-push',
  payload: NotificationEventSchema,
  // A batch's pushes wait on the push services side by side, not one after the other.
  parallel: true,
});

/** Why no push of this type may go to the member whoever it is about (null: it may). */
export function recipientPushRefusal(recipient: Channels, type: NotificationType): string | null {
  if (!recipient.reachable) return 'recipient';
  if (!switchedOn(recipient, type, 'push')) return 'preference';
  return null;
}

/** Whether the member `u` has subscribed a device to pushes, as SQL. */
export const hasDeviceSql = sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = u.id)`;

/**
 * The push an event may cause, enqueued in the event's transaction beside its mail (the outbox):
 * the job exists only if the event does (and enqueueEvents found the member pushable); whether a
 * push leaves is decided when it runs.
 */
export async function enqueuePush(
  services: Pick<AppServices, 'enqueue'>,
  tx: Queryable,
  event: NotificationEvent,
): Promise<void> {
  // The key of the event's mail too, in the push's own table (push_sends).
  await services.enqueue(PUSH_JOB, event, { tx, dedupeKey: eventKeyOf(event) });
}
