import { z } from 'zod';

const Address = z.string().trim().min(3).max(320);

/**
 * One event of a mail provider's bounce webhook about a notification mail, named by its return
 * path (the bounce+… envelope sender it was sent with): a bounce with its DSN status, a spam
 * complaint, or the raw report mail itself (a DSN or an ARF report, read like one that came by SMTP).
 */
const MailEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bounce'),
    return_path: Address,
    status: z.string().regex(/^[245]\.\d{1,3}\.\d{1,3}$/, 'an RFC 3463 status such as 5.1.1'),
  }),
  z.object({ type: z.literal('complaint'), return_path: Address }),
  z.object({
    type: z.literal('message'),
    /** The whole mail as received (RFC 5322 text). */
    message: z.string().min(1).max(900_000),
    /** Its envelope recipients, when the provider knows them. */
    recipients: z.array(Address).max(10).default([]),
  }),
]);
export type MailEvent = z.infer<typeof MailEventSchema>;

/** POST /api/mail-events.php */
export const MailEventsInputSchema = z.object({ events: z.array(MailEventSchema).min(1).max(100) });

/** What was applied to a member and what named nobody (logged, and never retried). */
export const MailEventsResultSchema = z.object({
  applied: z.number().int().nonnegative(),
  ignored: z.number().int().nonnegative(),
});
