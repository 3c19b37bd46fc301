import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/contracts/auth.ts';
import type { Translate } from '../../../shared/i18n/translator.ts';
import { ApiError } from '../../lib/api.ts';

export type FormErrors = {
  /** Translated texts for the inputs the form shows. */
  fieldErrors: Record<string, string>;
  /** One translated text above the form. */
  error?: string;
  errorCode?: string;
  details?: unknown;
};

/** Placeholders the account texts use ("at least {password_min} characters"). */
const VARS = { password_min: PASSWORD_MIN, password_max: PASSWORD_MAX };

/** The first existing text among the candidate keys, so a code never shows as a raw key. */
function firstText(t: Translate, keys: string[], vars: Record<string, string | number>, fallback: string) {
  for (const key of keys) {
    const text = t(key, vars);
    if (text !== key) return text;
  }
  return t(fallback, vars);
}

/**
 * Turns a failed API call into what an account form shows: field codes become `validation.<code>`
 * under their input; codes for inputs the form does not show (login's 'login_failed', a broken
 * token) move above the form, since an error nobody sees is worse than one in the wrong place.
 */
export function describeApiError(error: unknown, t: Translate, shownFields: readonly string[]): FormErrors {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, error: t('errors.general') };
  if (error.code === 'validation_failed') {
    const raw = (error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {};
    const fieldErrors: Record<string, string> = {};
    let formError: string | undefined;
    let errorCode: string | undefined;
    for (const [field, codes] of Object.entries(raw)) {
      const code = codes[0] ?? 'invalid_field';
      if (field === 'token') {
        // The token comes from a mailed link, never from typing: any complaint means the link is broken.
        formError ??= t('errors.link_invalid');
        errorCode ??= 'link_invalid';
        continue;
      }
      const text = firstText(t, [`validation.${code}`, `errors.${code}`], VARS, 'validation.invalid_field');
      if (shownFields.includes(field)) fieldErrors[field] = text;
      else formError ??= text;
    }
    return { fieldErrors, error: formError, errorCode, details: error.details };
  }
  const vars = { ...VARS, ...((error.details ?? {}) as Record<string, string | number>) };
  return {
    fieldErrors: {},
    error: firstText(t, [`errors.${error.code}`], vars, 'errors.general'),
    errorCode: error.code,
    details: error.details,
  };
}
