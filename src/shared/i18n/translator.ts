import type { TranslationKey } from './keys.generated.ts';

/**
 * A small translator for the JSON texts: nested keys, `{name}` placeholders (the spec's own
 * notation), plural forms and a fallback language. It replaces i18next so the home page stays
 * within its JavaScript budget (docs/decisions/0005).
 */
export type Messages = { [key: string]: string | Messages };
export type TranslateVars = Record<string, string | number | undefined | null>;
export type Translate = (key: string, vars?: TranslateVars) => string;
/**
 * What the interface gets: only keys of the `en` texts (keys.generated.ts, written by
 * scripts/generate-i18n-keys.ts), so a typo or a removed text fails the type check.
 */
export type KeyedTranslate = (key: TranslationKey, vars?: TranslateVars) => string;

/**
 * A key built from data TypeScript cannot follow (a server's error code, a legal section id):
 * the locale tests and the fallback to the key itself cover what the type check cannot.
 */
export const dynamicKey = (key: string) => key as TranslationKey;

export function lookup(messages: Messages | undefined, key: string): string | Messages | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

export function interpolate(text: string, vars: TranslateVars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (whole, name: string) => {
    const value = vars[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

const PLURAL_CATEGORIES: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** A key whose value is `{ one, few, many, other, … }`: the form is chosen by `{count}`. */
export function isPluralGroup(node: unknown): node is Record<string, string> {
  return (
    !!node &&
    typeof node === 'object' &&
    typeof (node as Record<string, unknown>).other === 'string' &&
    Object.keys(node).every((k) => PLURAL_CATEGORIES.includes(k))
  );
}

/** The text of a found node: a string, or the plural form Intl.PluralRules picks for vars.count. */
function textOf(node: string | Messages | undefined, rules: Intl.PluralRules, vars?: TranslateVars) {
  if (typeof node === 'string' || !isPluralGroup(node)) return node;
  const count = Number(vars?.count);
  return (Number.isFinite(count) ? node[rules.select(count)] : undefined) ?? node.other;
}

/**
 * Missing texts fall back to the fallback language, then to the key itself (visible, never blank).
 * `locale` and `fallbackLocale` choose the plural rules of each.
 */
export function createTranslator(
  messages: Messages | undefined,
  fallback?: Messages,
  locale = 'en',
  fallbackLocale = 'en',
): Translate {
  const rules = new Intl.PluralRules(locale);
  const fallbackRules = new Intl.PluralRules(fallbackLocale);
  return (key, vars) => {
    let text = textOf(lookup(messages, key), rules, vars);
    if (typeof text !== 'string') text = textOf(lookup(fallback, key), fallbackRules, vars);
    return interpolate(typeof text === 'string' ? text : key, vars);
  };
}
