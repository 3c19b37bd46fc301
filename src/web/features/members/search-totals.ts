import type { KeyedTranslate } from '../../../shared/i18n/translator.ts';

/**
 * "24 members found", or "More than 1,000 …" past the count's limit (docs/decisions/0009). The
 * language's plural rules pick the form by the number; the text shows it formatted for the language.
 */
export function totalText(
  t: KeyedTranslate,
  language: string,
  { total, total_more }: { total: number; total_more?: boolean },
  kind: 'total' | 'similar_total',
): string {
  const shown = total.toLocaleString(language);
  if (total_more)
    return t(kind === 'total' ? 'search.total_more' : 'search.similar_total_more', { count: shown });
  return t(kind === 'total' ? 'search.total' : 'search.similar_total', { count: total, total: shown });
}
