import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-domain overrides of the defaults in settings.defaults.ts; validated on load. */
export const siteSettings = pgTable('site_settings', {
  domain: text('domain').primaryKey(),
  values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per key: company info ('company'), VAPID keys ('vapid'), ... */
export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
