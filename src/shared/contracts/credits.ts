import { z } from 'zod';
import { TimeZoneSchema } from './swipe.ts';

/** The highest daily limit a member can set: far above any day of chatting, below overflow. */
const SPENDING_LIMIT_MAX = 100_000;

/**
 * GET and PUT /api/spending-limit.php: the member's own cap on credits spent per day (null: none)
 * and what they spent today, in their local day.
 */
export const SpendingLimitSchema = z.object({
  daily_limit: z.number().int().positive().nullable(),
  spent_today: z.number().int().nonnegative(),
});
export type SpendingLimitAnswer = z.infer<typeof SpendingLimitSchema>;

export const SpendingLimitInputSchema = z.object({
  daily_limit: z
    .number({ error: 'spending_limit_invalid' })
    .int({ error: 'spending_limit_invalid' })
    .min(1, { error: 'spending_limit_invalid' })
    .max(SPENDING_LIMIT_MAX, { error: 'spending_limit_invalid' })
    .nullable(),
  /** The browser's zone: the limit's day is the member's own. */
  time_zone: TimeZoneSchema,
});
export type SpendingLimitInput = z.infer<typeof SpendingLimitInputSchema>;

/**
 * The settings form's field: a whole number of credits, or empty for no limit (the browser adds
 * its time zone when it sends SpendingLimitInputSchema).
 */
export const SpendingLimitFormSchema = z.object({
  daily_limit: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= SPENDING_LIMIT_MAX),
      { error: 'spending_limit_invalid' },
    ),
});
