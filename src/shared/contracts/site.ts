import { z } from 'zod';
import { INTEREST_KEYS } from '../interests.ts';
import { LIMITS } from '../limits.ts';
import { multilineText, plainText } from './text.ts';

export const CompanyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  /** support_phone without spaces and hyphens, for tel: links and dialling. */
  support_phone_number: z.string(),
  /** Percentage offered to a member who is about to delete the account. */
  delete_discount: z.number().int().min(0).max(100),
});
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

const InterestSchema = z.object({ key: z.enum(INTEREST_KEYS), label: z.string() });
export const InterestsResponseSchema = z.object({ interests: z.array(InterestSchema) });

const RegionSchema = z.object({ code: z.string(), name: z.string() });
export type Region = z.infer<typeof RegionSchema>;
export const RegionsResponseSchema = z.object({
  regions: z.record(z.string(), z.array(RegionSchema)),
});
export type RegionsResponse = z.infer<typeof RegionsResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});

export const ComplaintSubjectSchema = z.enum([
  'account',
  'payment',
  'member',
  'privacy',
  'technical',
  'other',
]);
export const ComplaintInputSchema = z.object({
  name: plainText()
    .min(2, { error: 'complaint_name_required' })
    .max(100, { error: 'complaint_name_too_long' }),
  email: z.email({ error: 'complaint_email_invalid' }).max(254),
  subject: z.enum(ComplaintSubjectSchema.options, { error: 'complaint_subject_required' }),
  message: multilineText()
    .min(20, { error: 'complaint_message_too_short' })
    .max(LIMITS.complaintMessageMax, { error: 'complaint_message_too_long' }),
});
export type ComplaintInput = z.infer<typeof ComplaintInputSchema>;
export const ComplaintResponseSchema = z.object({ ok: z.literal(true), reference: z.string() });
