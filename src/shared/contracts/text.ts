import { z } from 'zod';

/**
 * Free text people type. Every free-text field of every contract is built from one of these two,
 * so a new field (a chat message, a remark) refuses what cannot be stored or shown by default:
 * PostgreSQL refuses NUL in text (the query fails: a 500 instead of a 400), other control
 * characters hide text in mails, logs and the back office, and a lone UTF-16 surrogate would be
 * stored silently changed into U+FFFD. The refusal is `validation.invalid_characters`.
 *
 * Both trim first, like every text field did before, so " Utrecht\n" from an API client is
 * "Utrecht", not a refusal. Chain the field's own rules after: `plainText().max(80, { error })`.
 */
export const INVALID_CHARACTERS = 'invalid_characters';

/** C0 and C1 controls and DEL (\p{Cc}), and unpaired surrogates (\p{Cs}, only in `u` mode). */
const SINGLE_LINE_REFUSED = /[\p{Cc}\p{Cs}]/u;
/** The same, except the line breaks and tabs a text of several lines has. */
const MULTILINE_REFUSED = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

export const hasRefusedCharacters = (value: string, multiline = false) =>
  (multiline ? MULTILINE_REFUSED : SINGLE_LINE_REFUSED).test(value);

/** One line of text (a name, a city, a search term): no control characters at all. */
export const plainText = () =>
  z
    .string()
    .trim()
    .refine((value) => !SINGLE_LINE_REFUSED.test(value), { error: INVALID_CHARACTERS });

/** Text of several lines (about me, a message, remarks): \n, \r and \t allowed, other controls not. */
export const multilineText = () =>
  z
    .string()
    .trim()
    .refine((value) => !MULTILINE_REFUSED.test(value), { error: INVALID_CHARACTERS });
