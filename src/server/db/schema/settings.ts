import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Owned by the settings feature: per-domain overrides of settings.defaults.ts, validated on load. */
export const siteSettings = pgTable('site_settings', {
  domain: text('domain').primaryKey(),
  values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The core's small key-value store, not a feature's: company info ('company'), VAPID keys ('vapid'),
 * the photo re-keying's progress ('photo_rekey'), ...
 */
export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
