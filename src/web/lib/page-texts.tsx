import { type ReactNode, useMemo } from 'react';
import { createTranslator, type Messages } from '../../shared/i18n/translator.ts';
import { I18nContext, type I18nValue, useTranslation } from './i18n.tsx';

/**
 * Kept apart from i18n.tsx so the home page does not load it. Adds a page namespace (from the route's loader data) to the texts below it. Keys of the page
 * namespace are looked up first, then the common texts; a language switch revalidates the loader,
 * which brings the namespace in the new language.
 */
export function PageTexts({ messages, children }: { messages: Messages; children: ReactNode }) {
  const parent = useTranslation();
  const value = useMemo<I18nValue>(() => {
    const own = createTranslator(messages);
    return {
      i18n: parent.i18n,
      t: (key, vars) => {
        const text = own(key, vars);
        return text === key ? parent.t(key, vars) : text;
      },
    };
  }, [messages, parent]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
