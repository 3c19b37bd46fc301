/**
 * A small translator for the JSON texts: nested keys, `{name}` placeholders (the spec's own
 * notation) and a fallback language. It replaces i18next so the home page stays within its
 * JavaScript budget (docs/decisions/0005).
 */
export type Messages = { [key: string]: string | Messages };
export type TranslateVars = Record<string, string | number | undefined | null>;
export type Translate = (key: string, vars?: TranslateVars) => string;

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

/** Missing texts fall back to the fallback language, then to the key itself (visible, never blank). */
export function createTranslator(messages: Messages | undefined, fallback?: Messages): Translate {
  return (key, vars) => {
    const found = lookup(messages, key);
    const text = typeof found === 'string' ? found : lookup(fallback, key);
    return interpolate(typeof text === 'string' ? text : key, vars);
  };
}
