import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../db/client.ts';
import { appConfig } from '../db/schema/index.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/** VAPID keys are made on first start and kept, so push subscriptions stay valid across restarts. */
export async function ensureVapidKeys(db: Database): Promise<VapidKeys> {
  const [row] = await db.select().from(appConfig).where(eq(appConfig.key, 'vapid'));
  if (row) return row.value as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  await db
    .insert(appConfig)
    .values({ key: 'vapid', value: { ...keys } })
    .onConflictDoNothing();
  const [stored] = await db.select().from(appConfig).where(eq(appConfig.key, 'vapid'));
  return (stored?.value as VapidKeys | undefined) ?? keys;
}
