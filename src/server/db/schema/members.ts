import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** The public name (username) members know each other by. */
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['not_confirmed', 'active', 'disabled', 'pending_deletion'] })
      .notNull()
      .default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    language: text('language').notNull().default('nl'),
    fictional: boolean('fictional').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    demo: boolean('demo').notNull().default(false),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    index('users_name_idx').on(sql`lower(${t.name})`),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    sexuality: text('sexuality', { enum: ['hetero', 'gay', 'lesbian', 'bi'] }).notNull(),
    country: text('country').notNull(),
    /** ISO 3166-2 code, e.g. NL-NH. */
    region: text('region'),
    city: text('city'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    signupReason: text('signup_reason'),
    aboutMe: text('about_me'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    mainPhotoId: bigint('main_photo_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profiles_country_gender_idx').on(t.country, t.gender, t.birthDate)],
);

export const photos = pgTable(
  'photos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('approved'),
    /** Private photos are shown to premium members only; others get the blurred variant. */
    private: boolean('private').notNull().default(false),
    /** Storage key prefix; sizes are stored as `${key}-thumb.webp` and so on. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photos_user_idx').on(t.userId, t.position)],
);

export const trackingRecords = pgTable('tracking_records', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  network: text('network'),
  ref: text('ref'),
  sub1: text('sub1'),
  sub2: text('sub2'),
  sub3: text('sub3'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
