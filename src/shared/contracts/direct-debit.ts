import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { PackageIdSchema, PaymentSchema } from './payments.ts';
import { plainText } from './text.ts';

/** The SMS code that signs a direct-debit mandate (issue 15): its length, life, tries and resend pause. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 10 * 60;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_AFTER_SECONDS = 30;

/** An IBAN as typed (spaces, lower case) in the electronic format: "nl91 abna…" → "NL91ABNA…". */
export const ibanElectronic = (typed: string) => electronicFormatIBAN(typed) ?? '';

/** A valid IBAN of a SEPA country: only those can be debited through SEPA. */
export const isSepaIban = (typed: string) => {
  const iban = ibanElectronic(typed);
  return isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2));
};

/** The IBAN in groups of four, as the form shows it while typing ("NL91 ABNA 0417 1643 00"). */
export const formatIbanGroups = (typed: string) =>
  typed
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');

/** POST /api/direct-debit.php: the mandate form; the phone is checked for the member's country on the server. */
export const DirectDebitFormSchema = z.object({
  package: PackageIdSchema,
  account_holder: plainText().trim().min(2, 'account_holder_required').max(70, 'account_holder_required'),
  iban: z.string().max(50, 'iban_invalid').refine(isSepaIban, 'iban_invalid'),
  street: plainText().trim().min(1, 'street_required').max(70, 'street_required'),
  house_number: plainText().trim().min(1, 'house_number_required').max(16, 'house_number_required'),
  zip: plainText().trim().min(2, 'zip_required').max(16, 'zip_required'),
  city: plainText().trim().min(1, 'city_required').max(70, 'city_required'),
  phone: z.string().trim().min(4, 'phone_invalid').max(32, 'phone_invalid'),
  /** The discount the page showed (a typed code, the time bonus, the welcome discount): checked on the server. */
  discount_code: z.string().trim().max(100).optional(),
});
export type DirectDebitForm = z.infer<typeof DirectDebitFormSchema>;

/** What the form's answer and a resend say: never the code, only where it went and when. */
export const SmsChallengeSchema = z.object({
  mandate_id: z.uuid(),
  /** The phone with all but its last digits hidden ("+31 6 ••• •• 678"). */
  phone_hint: z.string(),
  expires_at: z.string(),
  /** When a new code may be asked for. */
  resend_at: z.string(),
});
export type SmsChallenge = z.infer<typeof SmsChallengeSchema>;

/** POST /api/direct-debit-sign.php: the SMS code that signs the mandate. */
export const SignMandateInputSchema = z.object({
  mandate_id: z.uuid(),
  otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'otp_format'),
});

/** POST /api/direct-debit-resend.php */
export const ResendCodeInputSchema = z.object({ mandate_id: z.uuid() });

/** A payment started without a checkout page (a signed mandate, a repeat order): the return page to go to. */
export const MandatePaymentResponseSchema = z.object({
  /** Null when the next step is the mandate form (a direct debit without a stored mandate). */
  payment_id: z.uuid().nullable(),
  /** Our return page for it (pending, then completed), or the provider's checkout when one is needed. */
  next_url: z.string(),
});
export type MandatePaymentResponse = z.infer<typeof MandatePaymentResponseSchema>;

/** GET /api/repeat-order.php: the member's last paid purchase, offered again. */
const RepeatOrderSchema = PaymentSchema.pick({
  /** The paid payment repeated: the confirmation posts it back. */
  payment_id: true,
  package: true,
  credits: true,
  amount: true,
  currency: true,
  method: true,
}).extend({
  /** Charged on the stored mandate (no checkout page), or through the checkout like any purchase. */
  stored_mandate: z.boolean(),
});
export const RepeatOrderResponseSchema = z.object({ repeat_order: RepeatOrderSchema.nullable() });
export type RepeatOrderResponse = z.infer<typeof RepeatOrderResponseSchema>;

/** POST /api/repeat-order.php: the paid payment whose package and method are bought again. */
export const RepeatOrderInputSchema = z.object({ payment_id: z.string().max(64) });
