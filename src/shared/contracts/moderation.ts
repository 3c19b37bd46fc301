import { z } from 'zod';

/** Why a moderator refuses a photo or a text: a fixed list, told to the member in their language. */
export const MODERATION_REASONS = [
  'nudity',
  'not_a_person',
  'someone_else',
  'contact_details',
  'offensive',
  'commercial',
  'low_quality',
  'other',
] as const;
export const ModerationReasonSchema = z.enum(MODERATION_REASONS);
export type ModerationReason = z.infer<typeof ModerationReasonSchema>;

/** A moderator's optional words to the member beside the reason. */
export const MODERATION_NOTE_MAX = 500;
