import { z } from 'zod';
import { INTEREST_KEYS } from '../interests.ts';
import { COUNTRIES } from '../limits.ts';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '../profile-options.ts';
import { multilineText, plainText } from './text.ts';

export const ABOUT_ME_MAX = 2_000;
export const CITY_MAX = 80;

/** The member's own profile (GET /api/profile.php). Option values are keys; labels are translated. */
export const OwnProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  date_of_birth: z.string(),
  gender: z.enum(GENDERS),
  sexuality: z.enum(SEXUALITIES),
  country: z.enum(COUNTRIES),
  region: z.string().nullable(),
  city: z.string().nullable(),
  hair_color: z.enum(HAIR_COLORS).nullable(),
  eye_color: z.enum(EYE_COLORS).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  tattoos: z.enum(TATTOO_OPTIONS).nullable(),
  signup_reason: z.enum(SIGNUP_REASONS).nullable(),
  about_me: z.string().nullable(),
  interests: z.array(z.enum(INTEREST_KEYS)),
  main_photo_id: z.number().int().nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;
export const OwnProfileResponseSchema = z.object({ profile: OwnProfileSchema });

const optional = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/**
 * PUT /api/profile.php: any subset of the editable fields (name and date of birth are fixed at
 * sign-up). Error keys are under validation.<key>. One schema for the form and the server.
 */
export const ProfileUpdateSchema = z
  .object({
    gender: z.enum(GENDERS).optional(),
    sexuality: z.enum(SEXUALITIES).optional(),
    country: z.enum(COUNTRIES).optional(),
    region: optional(z.string().regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, { error: 'region_invalid' })),
    city: optional(plainText().max(CITY_MAX, { error: 'city_too_long' })),
    hair_color: optional(z.enum(HAIR_COLORS)),
    eye_color: optional(z.enum(EYE_COLORS)),
    body_type: optional(z.enum(BODY_TYPES)),
    relationship_status: optional(z.enum(RELATIONSHIP_STATUSES)),
    tattoos: optional(z.enum(TATTOO_OPTIONS)),
    signup_reason: optional(z.enum(SIGNUP_REASONS)),
    about_me: optional(multilineText().max(ABOUT_ME_MAX, { error: 'about_me_too_long' })),
    interests: z.array(z.enum(INTEREST_KEYS)).max(INTEREST_KEYS.length).optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** GET /api/geocode.php?lat=&lon=: the nearest known city. */
export const GeocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const GeocodeResponseSchema = z.object({
  city: z.string(),
  /** ISO 3166-2 code when the region is known, else null. */
  region: z.string().nullable(),
  country: z.string(),
  /** Only set when the country is one the site serves (COUNTRIES). */
  supported: z.boolean(),
  distance_km: z.number(),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponseSchema>;

/** GET /api/cities.php?country=&region=&q=: suggestions while typing a city. */
export const CitySuggestQuerySchema = z.object({
  country: z.enum(COUNTRIES),
  region: plainText().max(10).optional(),
  q: plainText().min(1).max(CITY_MAX),
});
export const CitySuggestResponseSchema = z.object({
  cities: z.array(z.object({ name: z.string(), region: z.string().nullable() })),
});
