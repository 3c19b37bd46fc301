import { z } from 'zod';
import { defineJob } from '../../lib/jobs.ts';
import type { AppServices } from '../../services.ts';
import type { EventFacts, NotificationEvent } from '../notifications/notification-events.ts';
import { reachableAt } from '../notifications/quiet-hours.ts';

/*
 * Pushes in the member's night (22:00–08:00 in their zone, the mails' quiet hours). A phone that
 * buzzes at 3 am about a like is rude, and a row of buzzes in the morning, one per message of a
 * conversation the member has read meanwhile, is noise. So a push due at night is not sent: it
 * books one morning push for its kind (messages, likes, matches), however many came that night.
 * At 08:00 that push counts what is still waiting, as the site's badges count it ("Messages waiting
 * for you: 3"), and sends nothing if the member came back to the site since the night's first one
 * (they have seen it there) or if nothing is waiting any more. The switches, the devices and the
 * daily cap are those of the morning.
 */

const MORNING_PUSH_GROUPS = ['messages', 'like', 'match'] as const;
export type MorningGroup = (typeof MORNING_PUSH_GROUPS)[number];

const groupOf = (kind: NotificationEvent['kind']): MorningGroup =>
  kind === 'like' || kind === 'match' ? kind : 'messages';

export const MORNING_PUSH_JOB = defineJob({
  name: 'notification-push-morning',
  payload: z.object({
    recipientId: z.number().int().positive(),
    group: z.enum(MORNING_PUSH_GROUPS),
    /** When the night's first push of this kind was held: a visit after it means it was seen. */
    since: z.coerce.date(),
  }),
});
export type MorningPush = z.infer<typeof MORNING_PUSH_JOB.payload>;

/**
 * Holds an event's push when it is night for the member: books the morning push of its kind
 * (one per member, kind and morning, whatever else that night brings). Answers whether it held it.
 */
export async function holdForMorning(
  services: Pick<AppServices, 'now' | 'enqueue'>,
  event: NotificationEvent,
  facts: Pick<EventFacts, 'country'>,
): Promise<boolean> {
  const now = services.now();
  const morning = reachableAt(now, facts.country);
  if (morning.getTime() <= now.getTime()) return false;
  const group = groupOf(event.kind);
  await services.enqueue(
    MORNING_PUSH_JOB,
    { recipientId: event.recipientId, group, since: now },
    { runAt: morning, dedupeKey: `push-morning:${event.recipientId}:${group}:${morning.toISOString()}` },
  );
  return true;
}
