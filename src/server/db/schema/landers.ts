// Owned by the landers feature (features/landers): what advertising brought, per source and day.
import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * One row per source (network, sub id, lander, slug) and UTC day, counted as things happen: a
 * visit, a sign-up, a confirmed address, a first purchase and its revenue. An empty string stands
 * for "none", so the key is one unique tuple (NULLs never collide in a primary key).
 */
export const attributionDays = pgTable(
  'attribution_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    network: text('network').notNull().default(''),
    sub1: text('sub1').notNull().default(''),
    lander: text('lander').notNull().default(''),
    slug: text('slug').notNull().default(''),
    visits: integer('visits').notNull().default(0),
    signups: integer('signups').notNull().default(0),
    confirmed: integer('confirmed').notNull().default(0),
    firstPurchases: integer('first_purchases').notNull().default(0),
    /** Revenue of first purchases in cents, per currency ({"EUR": 1999}). */
    revenue: jsonb('revenue').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [primaryKey({ columns: [table.day, table.network, table.sub1, table.lander, table.slug] })],
);
