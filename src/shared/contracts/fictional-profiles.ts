import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { COUNTRIES } from '../limits.ts';
import { GENDERS, SEXUALITIES } from '../profile-options.ts';
import { isValidIsoDate, MemberNameSchema } from './auth.ts';
import { OwnProfileSchema, ProfileUpdateSchema } from './profile.ts';

/** A page of the back office's list of fictional profiles. */
export const FICTIONAL_PAGE_SIZE = 50;

const Id = z.coerce.number().int().positive();

/** GET /api/admin/fictional-profiles.php: newest first, by the profile's country and language. */
export const FictionalProfileListQuerySchema = z.object({
  country: z.enum(COUNTRIES).optional(),
  language: z.enum(LOCALES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FictionalProfileListQuery = z.infer<typeof FictionalProfileListQuerySchema>;

const FictionalProfileSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  language: z.string(),
  photo_count: z.number().int(),
  hidden: z.boolean(),
  /** Conversations waiting for an operator's answer as this profile. */
  waiting: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type FictionalProfileSummary = z.infer<typeof FictionalProfileSummarySchema>;

export const FictionalProfileListSchema = z.object({
  items: z.array(FictionalProfileSummarySchema),
  page: z.number().int(),
  has_more: z.boolean(),
});
export type FictionalProfileList = z.infer<typeof FictionalProfileListSchema>;

export const FictionalProfileIdQuerySchema = z.object({ id: Id });

const FictionalPhotoSchema = z.object({
  id: z.number().int(),
  is_main: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
});

/** GET /api/admin/fictional-profile.php?id=: every field the edit form shows, and the photos. */
const FictionalProfileDetailSchema = FictionalProfileSummarySchema.extend({
  // The member's own profile fields, as /api/profile.php answers them (one definition).
  ...OwnProfileSchema.pick({
    date_of_birth: true,
    sexuality: true,
    hair_color: true,
    eye_color: true,
    body_type: true,
    relationship_status: true,
    tattoos: true,
    signup_reason: true,
    about_me: true,
    interests: true,
  }).shape,
  photos: z.array(FictionalPhotoSchema),
  photo_limit: z.number().int(),
});
export type FictionalProfileDetail = z.infer<typeof FictionalProfileDetailSchema>;
export const FictionalProfileResponseSchema = z.object({ profile: FictionalProfileDetailSchema });

const DateOfBirthSchema = z.string().refine(isValidIsoDate, { error: 'invalid_date_of_birth' });

/**
 * POST /api/admin/fictional-profiles.php: a member's profile as the member's own form takes it
 * (its schema, not a copy), with what the sign-up asks besides: name, date of birth, language.
 * The minimum age is the sign-up's, checked by the server against the site's settings.
 */
export const FictionalProfileCreateSchema = ProfileUpdateSchema.extend({
  name: MemberNameSchema,
  date_of_birth: DateOfBirthSchema,
  language: z.enum(LOCALES),
  gender: z.enum(GENDERS, { error: 'gender_required' }),
  sexuality: z.enum(SEXUALITIES, { error: 'sexuality_required' }),
  country: z.enum(COUNTRIES, { error: 'country_required' }),
});
export type FictionalProfileCreate = z.infer<typeof FictionalProfileCreateSchema>;

/** PUT /api/admin/fictional-profile.php?id=: any subset, as the member's own form saves. */
export const FictionalProfileUpdateSchema = ProfileUpdateSchema.extend({
  name: MemberNameSchema.optional(),
  date_of_birth: DateOfBirthSchema.optional(),
  language: z.enum(LOCALES).optional(),
});
export type FictionalProfileUpdate = z.infer<typeof FictionalProfileUpdateSchema>;

/** POST /api/admin/fictional-profile-visibility.php: hide the profile from members, or show it again. */
export const FictionalProfileVisibilitySchema = z.object({ id: Id, hidden: z.boolean() });

/** PUT /api/admin/fictional-profile-photo.php?id=: make the photo the profile's main photo. */
export const FictionalPhotoUpdateSchema = z.object({ main: z.literal(true) });

/** GET /api/admin/fictional-profile-photo-image.php: a photo's image for the back office's pages. */
export const FictionalPhotoImageQuerySchema = z.object({
  id: Id,
  size: z.enum(['thumb', 'medium', 'large']).default('medium'),
});
