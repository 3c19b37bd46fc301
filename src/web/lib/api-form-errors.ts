import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/contracts/auth.ts';
import { isValidationKey } from '../../shared/errors.ts';
import type { KeyedTranslate, TranslateVars } from '../../shared/i18n/translator.ts';
import { ApiError } from './api.ts';
import { errorText } from './error-text.ts';

/**
 * What a form shows for a failed submit, as codes (translated when rendered, so a language switch
 * re-renders them): a validation key per input the form shows, and at most one code above it.
 */
export type ApiFormErrors = {
  fields: Record<string, string>;
  form?: {
    code: string;
    /** 'validation': a field's key whose input is not shown; 'error': an error code. */
    kind: 'validation' | 'error';
    vars?: TranslateVars;
  };
};

/** A message that is one of our keys (zod's own English sentences are not). */
export const isCode = (message: unknown): message is string =>
  typeof message === 'string' && /^[a-z0-9_]+$/.test(message);

/**
 * The one mapping from `details.fieldErrors` (field → keys) to a form: the first key of each field
 * the form shows goes under its input; keys of inputs the form does not show (login's
 * 'login_failed', a field of another step) move above the form, since an error nobody sees is
 * worse than one in the wrong place.
 */
export function readFieldErrors(
  fieldErrors: Record<string, readonly string[] | undefined>,
  shownFields: readonly string[],
): ApiFormErrors {
  const result: ApiFormErrors = { fields: {} };
  for (const [field, codes] of Object.entries(fieldErrors)) {
    const code = codes?.[0];
    if (!code) continue;
    if (field === 'token') {
      // The token comes from a mailed link, never from typing: any complaint means the link is broken.
      result.form ??= { code: 'link_invalid', kind: 'error' };
      continue;
    }
    if (shownFields.includes(field)) result.fields[field] ??= isCode(code) ? code : 'invalid_field';
    else result.form ??= { code: isCode(code) ? code : 'invalid_request', kind: 'validation' };
  }
  return result;
}

/** Any failed call (or a thrown non-API error) in the same shape; see readFieldErrors. */
export function readApiError(error: unknown, shownFields: readonly string[]): ApiFormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, form: { code: 'general', kind: 'error' } };
  if (error.code === 'validation_failed') {
    const details = error.details as { fieldErrors?: Record<string, string[]> } | undefined;
    return readFieldErrors(details?.fieldErrors ?? {}, shownFields);
  }
  const vars = (error.details && typeof error.details === 'object' ? error.details : {}) as TranslateVars;
  return { fields: {}, form: { code: error.code, kind: 'error', vars } };
}

/** Placeholders the account texts use ("at least {password_min} characters"). */
const VARS = { password_min: PASSWORD_MIN, password_max: PASSWORD_MAX };

/** The text under an input for a validation key (zod's own sentences get the generic text). */
export function fieldErrorText(t: KeyedTranslate, code: string, vars?: TranslateVars): string {
  const all = { ...VARS, ...vars };
  if (isValidationKey(code)) {
    const key = `validation.${code}` as const;
    const text = t(key, all);
    if (text !== key) return text;
  }
  // Some checks answer with an error code (login's login_failed on a field).
  return errorText(t, code, { vars: all, fallback: 'validation.invalid_field' });
}

/** The text above the form. */
export function formErrorText(
  t: KeyedTranslate,
  form: NonNullable<ApiFormErrors['form']>,
  vars?: TranslateVars,
) {
  const all = { ...VARS, ...vars, ...form.vars };
  return form.kind === 'validation'
    ? fieldErrorText(t, form.code, all)
    : errorText(t, form.code, { vars: all });
}

export type FormErrors = {
  /** Translated texts for the inputs the form shows. */
  fieldErrors: Record<string, string>;
  /** One translated text above the form. */
  error?: string;
  errorCode?: string;
  details?: unknown;
};

/** readApiError with its texts, for what is not a form (a page behind a mailed link). */
export function describeApiError(
  error: unknown,
  t: KeyedTranslate,
  shownFields: readonly string[],
): FormErrors {
  const read = readApiError(error, shownFields);
  const fieldErrors = Object.fromEntries(
    Object.entries(read.fields).map(([field, code]) => [field, fieldErrorText(t, code)]),
  );
  return {
    fieldErrors,
    error: read.form && formErrorText(t, read.form),
    errorCode:
      read.form?.kind === 'error' && error instanceof ApiError
        ? read.form.code === 'link_invalid'
          ? 'link_invalid'
          : error.code
        : undefined,
    details: error instanceof ApiError ? error.details : undefined,
  };
}
