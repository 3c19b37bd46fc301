/**
 * Stable error codes: every `code` the server sends. The UI shows the translated text
 * `errors.<code>` from the common namespace; `message` on the wire is the English text for logs
 * and API users. The list is closed so a new code cannot ship without its texts (errors.test.ts).
 */
export const ERROR_CODES = [
  // Generic answers, also chosen by HTTP status in the error handler.
  'bad_request',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'authentication_required',
  'forbidden',
  'rate_limited',
  'payload_too_large',
  'internal_error',
  'service_unavailable',
  'csrf_failed',
  'same_site_unproven',
  // Accounts.
  'login_failed',
  'account_locked',
  'password_checks_locked',
  'account_pending_deletion',
  'email_not_found',
  'email_taken',
  'email_exists',
  'email_pending_deletion',
  'link_invalid',
  'signups_closed',
  // Members, blocks, places.
  'search_login_required',
  'member_not_found',
  'blocked_by_member',
  'you_blocked_member',
  'cannot_block_self',
  'cannot_like_self',
  'geocode_failed',
  // The swipe game.
  'cannot_pass_self',
  'swipe_limit_reached',
  'swipe_nothing_to_undo',
  // Photos.
  'photo_not_an_image',
  'photo_too_large',
  'photo_too_many_pixels',
  'photo_too_small',
  'photo_limit_reached',
  'photo_not_approved',
  // Credits.
  'insufficient_credits',
  'daily_limit_reached',
  // Chat.
  'conversation_not_found',
  'conversation_limit_reached',
  'partner_not_confirmed',
  'partner_pending_deletion',
  'partner_unavailable',
  // Payments.
  'payment_not_found',
  'package_not_found',
  'payment_method_unavailable',
  'payment_provider_failed',
  'price_changed',
  // Discount codes (docs/decisions/0032); details carry what the text names.
  'discount_code_not_found',
  'discount_code_used',
  'discount_code_expired',
  'discount_code_minimum',
  'discount_code_country',
  'discount_code_method',
  'discount_code_currency',
  'discount_code_first_purchase',
  'no_active_discount',
  'discount_first_purchase_reserved',
  'retention_offer_unavailable',
  'direct_debit_blocked',
  // Direct debit and repeat orders (docs/decisions/0033).
  'direct_debit_limit_reached',
  'mandate_not_found',
  'mandate_already_signed',
  'sms_code_invalid',
  'sms_code_expired',
  'sms_code_too_many_tries',
  'sms_resend_too_soon',
  'sms_rate_limited',
  'sms_send_failed',
  'repeat_order_not_found',
  // The back office's staff (docs/decisions/0043).
  'staff_login_required',
  'totp_invalid',
  'staff_email_taken',
  'staff_not_found',
  'cannot_change_self',
  // Operators answering for fictional profiles.
  'claim_required',
  'photo_claim_required',
  'claim_taken',
  'nothing_waiting',
  'conversation_not_waiting',
  // The back office's fictional profiles.
  'fictional_profile_not_found',
  // Reports and their outcomes.
  'account_suspended',
  'cannot_report_self',
  'report_target_not_found',
  'report_not_found',
  'report_already_decided',
  'report_outcome_invalid',
  'member_not_suspended',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The keys a `validation_failed` answer puts in `details.fieldErrors` (and the shared contracts
 * use as zod messages); each has its text `validation.<key>`. Closed for the same reason as
 * ERROR_CODES.
 */
export const VALIDATION_KEYS = [
  // Anything zod reports without a key of ours, and a body that is not an object.
  'invalid_field',
  'invalid_request',
  'bad_request',
  // Control characters in a text field (contracts/text.ts).
  'invalid_characters',
  // Reports.
  'report_reason_required',
  'report_note_too_long',
  // Sign-up and its parts.
  'gender_required',
  'sexuality_required',
  'date_of_birth_min_age',
  'invalid_date_of_birth',
  'country_required',
  'region_invalid',
  'name_too_short',
  'name_too_long',
  'name_starts_with_at',
  'name_invalid_characters',
  'name_equals_email',
  'name_taken',
  'invalid_email',
  'email_disposable',
  'email_exists',
  'email_pending_deletion',
  'signups_closed',
  'password_too_short',
  'password_too_long',
  'password_contains_name',
  'password_too_common',
  'signup_message_too_long',
  'accept_terms_required',
  // Log-in and account settings.
  'login_failed',
  'old_password_wrong',
  'passwords_not_same',
  'new_email_invalid',
  'delete_reason_required',
  // Profile and search.
  'city_too_long',
  'about_me_too_long',
  'age_range_invalid',
  // The swipe game.
  'time_zone_invalid',
  // Match finder.
  'interest_unknown',
  'interests_too_many',
  'finder_region_missing',
  // Chat.
  'message_required',
  'message_too_long',
  'gift_not_found',
  'image_not_found',
  'spending_limit_invalid',
  // The discount code field of /credits (a text no code can have, refused in the form already).
  'discount_code_not_found',
  // Complaints.
  'complaint_name_required',
  'complaint_name_too_long',
  'complaint_email_invalid',
  'complaint_subject_required',
  'complaint_message_too_short',
  'complaint_message_too_long',
  // The direct-debit form.
  'account_holder_required',
  'iban_invalid',
  'street_required',
  'house_number_required',
  'zip_required',
  'city_required',
  'phone_invalid',
  'otp_format',
  'note_too_long',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** `details.fieldErrors` of a validation_failed answer: each field with its validation keys. */
export type FieldErrorMap = Partial<Record<string, readonly ValidationKey[]>>;

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && (VALIDATION_KEYS as readonly string[]).includes(value);
}

export const DEFAULT_ERROR_MESSAGE = 'Error';
