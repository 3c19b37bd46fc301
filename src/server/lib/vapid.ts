import webpush from 'web-push';
import type { Database } from '../db/client.ts';
import { addAppConfig, readAppConfig } from './app-config.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/** VAPID keys are made on first start and kept, so push subscriptions stay valid across restarts. */
export async function ensureVapidKeys(db: Database): Promise<VapidKeys> {
  const stored = await readAppConfig(db, 'vapid');
  if (stored) return stored as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  await addAppConfig(db, 'vapid', { ...keys });
  return ((await readAppConfig(db, 'vapid')) as VapidKeys | undefined) ?? keys;
}
