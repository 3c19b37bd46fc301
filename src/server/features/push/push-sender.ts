import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../../shared/contracts/push.ts';
import { isLocale } from '../../../shared/i18n/locales.ts';
import { pushSends, pushSubscriptions, sessions } from '../../db/schema/index.ts';
import type { AppServices } from '../../services.ts';
import { countUnreadMessages } from '../chat/chat.counts.ts';
import { countNewLikes } from '../likes/likes.counts.ts';
import { claimNotification } from '../notifications/notification-claims.ts';
import {
  type EventFacts,
  eventKeyOf,
  eventPath,
  eventRefusal,
  readEventFacts,
} from '../notifications/notification-events.ts';
import { TYPE_OF_MAIL } from '../notifications/notification-mail.template.ts';
import { type PushJob, recipientPushRefusal } from './push-jobs.ts';
import { holdForMorning } from './push-night-hold.ts';
import { forgetSubscription } from './push-subscriptions.service.ts';

/** A push nobody saw within a day is old news: the push service may drop it. */
const TTL_SECONDS = 86_400;

/**
 * Why no push leaves for this job (null: it may): the mails' rules for the push channel, with the
 * mail's online rule: a member with the site open sees the event arrive there (notification-mails.ts).
 */
function refusal(facts: EventFacts, job: PushJob): string | null {
  return (
    recipientPushRefusal(facts, TYPE_OF_MAIL[job.kind]) ??
    eventRefusal(facts) ??
    (facts.online ? 'seen' : null)
  );
}

export type Device = { id: number; endpoint: string; p256dh: string; auth: string };

/** The member's devices still logged in; those whose session ended (a logout there) are dropped. */
export async function devicesOf(
  services: Pick<AppServices, 'db' | 'now'>,
  userId: number,
): Promise<Device[]> {
  const now = services.now();
  const rows = await services.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      live: sql<boolean>`${sessions.id} is not null and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now}`,
    })
    .from(pushSubscriptions)
    .leftJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(eq(pushSubscriptions.userId, userId));
  const ended = rows.filter((row) => !row.live);
  for (const row of ended) await forgetSubscription(services.db, row.id);
  return rows.filter((row) => row.live);
}

/** What a push is claimed by: its key once, its recipient, the conversation it is about if any. */
export type PushClaim = { key: string; recipientId: number; conversationId: number | null };

/**
 * Claims the push by the mails' flood rules (claimNotification): not a second push about a
 * conversation until the member came back, not beyond the daily cap. A claim made before (a retry
 * after one device failed) is taken again with the devices it reached. null: no push.
 */
export async function claimPush(
  services: Pick<AppServices, 'db' | 'now'>,
  job: PushClaim,
  lastActiveAt: Date,
): Promise<{ deliveredTo: number[] } | null> {
  const { key } = job;
  return claimNotification(
    services,
    {
      table: pushSends,
      lockName: 'notification-push',
      before: async (tx) => {
        const [known] = await tx
          .select({ deliveredTo: pushSends.deliveredTo })
          .from(pushSends)
          .where(eq(pushSends.key, key));
        return known;
      },
      insert: async (tx, claimedAt) => {
        await tx
          .insert(pushSends)
          .values({ key, userId: job.recipientId, conversationId: job.conversationId, claimedAt });
        return { deliveredTo: [] };
      },
    },
    { key, userId: job.recipientId, conversationId: job.conversationId, conversationSince: lastActiveAt },
  );
}

/** The app badge: the member's unread messages and new likes, as the site's navigation counts them. */
export async function badgeOf(services: Pick<AppServices, 'db'>, userId: number): Promise<number> {
  const [unread, likes] = await Promise.all([
    countUnreadMessages(services.db, userId),
    countNewLikes(services.db, userId),
  ]);
  return unread + likes;
}

/** The push's text in the member's language: the site's name above the mail's subject line. */
async function payloadOf(
  services: Pick<AppServices, 'db' | 'env' | 'settings' | 'translations'>,
  job: PushJob,
  facts: EventFacts,
  siteName: string,
): Promise<PushPayload> {
  const t = services.translations.t(isLocale(facts.language) ? facts.language : 'nl', 'notifications');
  return {
    title: siteName,
    body: t(`mail.${job.kind}.subject`, { name: facts.about_name ?? '', site_name: siteName }),
    url: eventPath(job),
    openUrl: '/',
    // One notification per conversation (or like): a newer one replaces it rather than piling up.
    tag: job.conversationId !== null ? `conversation-${job.conversationId}` : `${job.kind}-${job.aboutId}`,
    badge: await badgeOf(services, job.recipientId),
  };
}

/** What a push service's answer means for the subscription. */
type Outcome = 'delivered' | 'gone' | 'failed';

async function deliver(
  services: Pick<AppServices, 'env' | 'vapid'>,
  device: Device,
  payload: PushPayload,
  subject: string,
): Promise<Outcome> {
  const target = services.env.pushServiceUrl;
  // The double of PUSH_SERVICE_URL takes the push in the real service's place, under the same path.
  const endpoint = target
    ? `${target}${new URL(device.endpoint).pathname}${new URL(device.endpoint).search}`
    : device.endpoint;
  const request = webpush.generateRequestDetails(
    { endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject, publicKey: services.vapid.publicKey, privateKey: services.vapid.privateKey },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body as Uint8Array<ArrayBuffer>,
    signal: AbortSignal.timeout(15_000),
  });
  await response.body?.cancel();
  if (response.ok) return 'delivered';
  if (response.status === 404 || response.status === 410) return 'gone';
  return 'failed';
}

/**
 * Sends a claimed push to each device it has not reached yet. A device the push service no longer
 * knows (404, 410) is forgotten; any other failure throws, so pg-boss retries that device alone
 * (the claim keeps the devices already reached).
 */
export async function pushToDevices(
  services: Pick<AppServices, 'db' | 'now' | 'env' | 'settings' | 'vapid' | 'log'>,
  key: string,
  devices: Device[],
  claimed: { deliveredTo: number[] },
  payload: PushPayload,
): Promise<void> {
  const waiting = devices.filter((device) => !claimed.deliveredTo.includes(device.id));
  if (waiting.length === 0) return;
  const domain = new URL(services.env.publicUrl).hostname;
  const values = await services.settings.getValues(domain);
  const subject = values.support_email ? `mailto:${values.support_email}` : `mailto:support@${domain}`;
  let failed = 0;
  for (const device of waiting) {
    let outcome: Outcome;
    try {
      outcome = await deliver(services, device, payload, subject);
    } catch (error) {
      services.log.warn({ err: error, subscription: device.id }, 'push not delivered');
      outcome = 'failed';
    }
    if (outcome === 'gone') await forgetSubscription(services.db, device.id);
    else if (outcome === 'failed') failed++;
    else {
      await services.db.transaction(async (tx) => {
        await tx
          .update(pushSends)
          .set({ deliveredTo: sql`array_append(${pushSends.deliveredTo}, ${device.id}::bigint)` })
          .where(eq(pushSends.key, key));
        await tx
          .update(pushSubscriptions)
          .set({ lastSuccessAt: services.now() })
          .where(eq(pushSubscriptions.id, device.id));
      });
    }
  }
  if (failed > 0) throw new Error(`push: ${failed} of ${waiting.length} devices failed, retried`);
}

/**
 * The job: decide by the rules as they are now, hold it over the member's night (push-night-hold.ts),
 * claim, send to each of the member's devices. A
 * device the push service no longer knows (404, 410) is forgotten; any other failure is retried
 * by pg-boss for that device alone (the claim keeps the devices already reached).
 */
export async function sendPush(
  services: Pick<
    AppServices,
    'db' | 'now' | 'env' | 'settings' | 'translations' | 'vapid' | 'log' | 'enqueue'
  >,
  job: PushJob,
): Promise<'sent' | string> {
  const facts = await readEventFacts(services.db, job, services.now());
  if (!facts) return 'recipient';
  const refused = refusal(facts, job);
  if (refused) return refused;
  if (await holdForMorning(services, job, facts)) return 'held';
  const devices = await devicesOf(services, job.recipientId);
  if (devices.length === 0) return 'no_device';
  const key = eventKeyOf(job);
  const claimed = await claimPush(
    services,
    { key, recipientId: job.recipientId, conversationId: job.conversationId },
    facts.last_active_at,
  );
  if (!claimed) return 'flood';
  const domain = new URL(services.env.publicUrl).hostname;
  const values = await services.settings.getValues(domain);
  await pushToDevices(services, key, devices, claimed, await payloadOf(services, job, facts, values.name));
  return 'sent';
}
