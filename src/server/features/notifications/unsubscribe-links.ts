import { createHmac, randomBytes } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/contracts/notifications.ts';
import { defineState } from '../../feature.ts';
import { addAppConfig, readAppConfig } from '../../lib/app-config.ts';
import type { AppServices } from '../../services.ts';
import { safeEqual } from '../auth/tokens.ts';

/**
 * The key that signs unsubscribe links: made once and kept in app_config, so links in mails already
 * sent stay valid across restarts and on every instance.
 */
export const unsubscribeKeyState = defineState('notifications.unsubscribe-key', (services) => {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= (async () => {
      const stored = await readAppConfig(services.db, 'notifications_unsubscribe');
      if (stored) return Buffer.from(String(stored.key), 'base64url');
      await addAppConfig(services.db, 'notifications_unsubscribe', {
        key: randomBytes(32).toString('base64url'),
      });
      const kept = await readAppConfig(services.db, 'notifications_unsubscribe');
      return Buffer.from(String(kept?.key), 'base64url');
    })();
    key.catch(() => {
      key = undefined;
    });
    return key;
  };
});

const signatureOf = (key: Buffer, userId: number, type: NotificationType) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${type}`).digest('base64url');

/**
 * The same key's HMAC of another thing a mail carries (the bounce address), so every signed part of
 * a mail rests on one key; `purpose` keeps one kind of signature from standing in for another.
 */
export async function signForMail(
  services: Pick<AppServices, 'state'>,
  purpose: string,
  value: string,
): Promise<Buffer> {
  const key = await services.state.of(unsubscribeKeyState)();
  return createHmac('sha256', key).update(`${purpose}:${value}`).digest();
}

/** The one-click link of a mail: the member and the type, signed; nobody else's id signs alike. */
export async function unsubscribeUrl(
  services: Pick<AppServices, 'state' | 'env'>,
  userId: number,
  type: NotificationType,
): Promise<string> {
  const key = await services.state.of(unsubscribeKeyState)();
  const params = new URLSearchParams({ u: String(userId), t: type, s: signatureOf(key, userId, type) });
  return `${services.env.publicUrl}/api/unsubscribe.php?${params}`;
}

/** The member and type a link names, when its signature holds; undefined for anything else. */
export async function verifyUnsubscribe(
  services: Pick<AppServices, 'state'>,
  query: { u?: string; t?: string; s?: string },
): Promise<{ userId: number; type: NotificationType } | undefined> {
  const userId = Number(query.u);
  const type = NOTIFICATION_TYPES.find((t) => t === query.t);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !type || typeof query.s !== 'string') return undefined;
  const key = await services.state.of(unsubscribeKeyState)();
  return safeEqual(query.s, signatureOf(key, userId, type)) ? { userId, type } : undefined;
}
