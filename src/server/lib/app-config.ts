import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { appConfig } from '../db/schema/index.ts';

/**
 * The core's small key-value store (app_config): company info, VAPID keys, the photo re-keying's
 * progress. It belongs to no feature, so features keep their values through these functions
 * instead of writing the table (src/server/architecture.test.ts holds them to it).
 */
export type AppConfigValue = Record<string, unknown>;

export async function readAppConfig(db: Queryable, key: string): Promise<AppConfigValue | undefined> {
  const [row] = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key));
  return row?.value;
}

/** Stores the value, over one already there. */
export async function writeAppConfig(db: Queryable, key: string, value: AppConfigValue): Promise<void> {
  await db
    .insert(appConfig)
    .values({ key, value })
    .onConflictDoUpdate({ target: appConfig.key, set: { value, updatedAt: sql`now()` } });
}

/** Stores the value unless the key has one: of several instances starting at once, the first wins. */
export async function addAppConfig(db: Queryable, key: string, value: AppConfigValue): Promise<void> {
  await db.insert(appConfig).values({ key, value }).onConflictDoNothing();
}

/**
 * Replaces the stored value only while `holds` is true of it (a condition over the stored jsonb),
 * so a value another instance changed meanwhile is not overwritten; answers whether it replaced.
 */
export async function replaceAppConfigIf(
  db: Queryable,
  key: string,
  value: AppConfigValue,
  holds: (stored: typeof appConfig.value) => SQL,
): Promise<boolean> {
  const replaced = await db
    .update(appConfig)
    .set({ value, updatedAt: sql`now()` })
    .where(and(eq(appConfig.key, key), holds(appConfig.value)))
    .returning({ key: appConfig.key });
  return replaced.length > 0;
}
