// Owned by the profile feature (features/profile); other features change a profile through its service.
import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberKey } from './accounts.ts';

export const profiles = pgTable(
  'profiles',
  {
    userId: memberKey('user_id'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    sexuality: text('sexuality', { enum: ['hetero', 'gay', 'lesbian', 'bi'] }).notNull(),
    country: text('country').notNull(),
    /** ISO 3166-2 code, e.g. NL-NH. */
    region: text('region'),
    city: text('city'),
    /**
     * Where `city` lies (its centre in the city table of features/geocode), kept with the place by
     * the profile feature: member lists order by distance and cards show it. Null when the city is
     * not in that table. Never sent to anyone (docs/decisions/0041).
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    signupReason: text('signup_reason'),
    aboutMe: text('about_me'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The interests as bits (bit i: INTEREST_KEYS[i]), kept by PostgreSQL from `interests` with the
     * interests_mask() function of drizzle/0011: the match finder counts shared interests with one
     * AND and a population count per candidate instead of an array search per interest
     * (docs/decisions/0023).
     */
    interestsMask: bigint('interests_mask', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`interests_mask(interests)`),
    mainPhotoId: bigint('main_photo_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Search pages are keyset pages on user_id (newest members first). Each index starts with the
  // filters a search can pin, so page 50 reads as few rows as page 1 (docs/performance.md).
  (t) => [
    index('profiles_search_country_idx').on(t.country, t.gender, t.userId.desc()),
    index('profiles_search_region_idx').on(t.region, t.gender, t.userId.desc()),
    index('profiles_search_gender_idx').on(t.gender, t.userId.desc()),
    // Counting an age range within a country reads only the matching range (index-only with the
    // visible-users index), instead of every profile of the country (docs/decisions/0007).
    index('profiles_count_age_idx').on(t.country, t.gender, t.birthDate, t.userId),
    // The match finder's candidates: a gender and an age range, perhaps a country (skipped when not
    // pinned), with every column its first ranking step reads, so that step is an index-only scan
    // that never visits the table (docs/decisions/0023).
    index('profiles_finder_idx').on(
      t.gender,
      t.country,
      t.birthDate,
      t.userId,
      t.region,
      t.sexuality,
      t.interestsMask,
    ),
  ],
);
