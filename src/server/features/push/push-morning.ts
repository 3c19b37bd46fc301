import type { PushPayload } from '../../../shared/contracts/push.ts';
import { isLocale } from '../../../shared/i18n/locales.ts';
import type { AppServices } from '../../services.ts';
import { countUnreadMessages } from '../chat/chat.counts.ts';
import { countNewLikes, countNewMatches } from '../likes/likes.counts.ts';
import { readRecipient } from '../notifications/notification-mail-delivery.ts';
import { switchedOn } from '../notifications/preferences.service.ts';
import type { MorningGroup, MorningPush } from './push-night-hold.ts';
import { badgeOf, claimPush, devicesOf, pushToDevices } from './push-sender.ts';

/*
 * The morning push that stands for a night's pushes of one kind (push-night-hold.ts): what is still
 * waiting, counted as the site's badges count it, unless the member came back since.
 */

const SWITCHES = {
  messages: ['new_messages', 'new_conversations'],
  like: ['like'],
  match: ['like'],
} as const;

const PAGES: Record<MorningGroup, string> = { messages: '/chats', like: '/likes', match: '/likes' };

/** The morning job: one push for the kind, or none (see the top of this file). */
export async function sendMorningPush(
  services: Pick<AppServices, 'db' | 'now' | 'env' | 'settings' | 'translations' | 'vapid' | 'log'>,
  job: MorningPush,
): Promise<'sent' | string> {
  const now = services.now();
  const recipient = await readRecipient(services.db, job.recipientId, now);
  if (!recipient?.reachable) return 'recipient';
  if (!SWITCHES[job.group].some((type) => switchedOn(recipient, type, 'push'))) return 'preference';
  if (recipient.online || recipient.last_active_at.getTime() > job.since.getTime()) return 'back';
  const waiting =
    job.group === 'messages'
      ? await countUnreadMessages(services.db, job.recipientId)
      : job.group === 'like'
        ? await countNewLikes(services.db, job.recipientId)
        : await countNewMatches(services.db, job.recipientId);
  if (waiting === 0) return 'seen';
  const devices = await devicesOf(services, job.recipientId);
  if (devices.length === 0) return 'no_device';
  const key = `morning:${job.group}:${job.recipientId}:${job.since.toISOString()}`;
  const claimed = await claimPush(
    services,
    { key, recipientId: job.recipientId, conversationId: null },
    recipient.last_active_at,
  );
  if (!claimed) return 'flood';
  const values = await services.settings.getValues(new URL(services.env.publicUrl).hostname);
  const t = services.translations.t(
    isLocale(recipient.language) ? recipient.language : 'nl',
    'notifications',
  );
  const payload: PushPayload = {
    title: values.name,
    body: t(`push_morning.${job.group}`, { count: waiting }),
    url: PAGES[job.group],
    openUrl: '/',
    tag: `morning-${job.group}`,
    badge: await badgeOf(services, job.recipientId),
  };
  await pushToDevices(services, key, devices, claimed, payload);
  return 'sent';
}
