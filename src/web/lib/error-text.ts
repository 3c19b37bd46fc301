import { ERROR_CODES, type ErrorCode } from '../../shared/errors.ts';
import type { TranslationKey } from '../../shared/i18n/keys.generated.ts';
import type { KeyedTranslate, TranslateVars } from '../../shared/i18n/translator.ts';

/**
 * Codes the browser gives itself (api.ts for a lost connection, forms for a thrown non-API error);
 * they have texts under `errors.*` like the server's.
 */
const BROWSER_ERROR_CODES = ['network_error', 'general'] as const;

/** Every code with a text `errors.<code>`: the server's (shared/errors.ts) and the browser's. */
type ErrorTextCode = ErrorCode | (typeof BROWSER_ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set([...ERROR_CODES, ...BROWSER_ERROR_CODES]);

function isErrorTextCode(code: unknown): code is ErrorTextCode {
  return typeof code === 'string' && KNOWN.has(code);
}

/**
 * The text of an error code in the member's language. A code arrives as a string from the wire;
 * one this build does not know (a newer server) or one without a text gets `fallback`, so a raw
 * key never reaches the page.
 */
export function errorText(
  t: KeyedTranslate,
  code: string | null | undefined,
  { vars, fallback = 'errors.general' }: { vars?: TranslateVars; fallback?: TranslationKey } = {},
): string {
  if (isErrorTextCode(code)) {
    const key = `errors.${code}` as const;
    const text = t(key, vars);
    if (text !== key) return text;
  }
  return t(fallback, vars);
}
