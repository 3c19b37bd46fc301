import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { Locale } from '../../shared/i18n/locales.ts';
import { createTranslator, type KeyedTranslate, type Messages } from '../../shared/i18n/translator.ts';

export type I18nValue = {
  t: KeyedTranslate;
  i18n: {
    language: Locale;
    hasBundle: (locale: Locale) => boolean;
    /** Switches the language; the texts come along when this tab has not loaded them yet. */
    changeLanguage: (locale: Locale, messages?: Messages) => void;
  };
};

export const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const [state, setState] = useState<{ language: Locale; bundles: Partial<Record<Locale, Messages>> }>({
    language: locale,
    bundles: { [locale]: messages },
  });
  const value = useMemo<I18nValue>(
    () => ({
      t: createTranslator(state.bundles[state.language], state.bundles.en, state.language),
      i18n: {
        language: state.language,
        hasBundle: (l) => state.bundles[l] !== undefined,
        changeLanguage: (l, m) =>
          setState((s) => ({ language: l, bundles: m ? { ...s.bundles, [l]: m } : s.bundles })),
      },
    }),
    [state],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useTranslation outside I18nProvider');
  return value;
}
