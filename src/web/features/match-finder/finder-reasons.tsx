import type { FinderReasons as Reasons } from '../../../shared/contracts/match-finder.ts';
import type { KeyedTranslate } from '../../../shared/i18n/translator.ts';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * The reasons a member is in the list, as sentences in the page's language: "3 shared interests:
 * hiking, wine, travelling" (the count's plural form by Intl.PluralRules, the list by
 * Intl.ListFormat), then where they live.
 */
export function reasonTexts(reasons: Reasons, t: KeyedTranslate, language: string): string[] {
  const texts: string[] = [];
  const shared = reasons.shared_interests;
  if (shared.length > 0) {
    const list = new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(
      shared.map((key) => t(`interests.${key}`)),
    );
    texts.push(t('match_finder.reason_interests', { count: shared.length, list }));
  }
  if (reasons.same_place === 'region') texts.push(t('match_finder.reason_region'));
  if (reasons.same_place === 'country') texts.push(t('match_finder.reason_country'));
  return texts;
}

/** Under a result's card. */
export function FinderReasons({ reasons }: { reasons: Reasons }) {
  const { t, i18n } = useTranslation();
  const texts = reasonTexts(reasons, t, i18n.language);
  if (texts.length === 0) return null;
  return (
    <ul className="finder-reasons" aria-label={t('match_finder.reasons_label')}>
      {texts.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
