import { type ComponentType, type ReactNode, use, useMemo } from 'react';
import { useLoaderData } from 'react-router';
import type { PageNamespace } from '../../shared/i18n/page-texts.ts';
import { createTranslator, type Messages } from '../../shared/i18n/translator.ts';
import { getJson } from './api.ts';
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

/** A route whose loader returns `texts` (context.pageTexts(ns)): its page sees those texts too. */
export function withPageTexts<P extends object>(Page: ComponentType<P>): (props: P) => ReactNode {
  return function PageWithTexts(props: P) {
    const data = useLoaderData() as { texts?: Messages } | undefined;
    return (
      <PageTexts messages={data?.texts ?? {}}>
        <Page {...props} />
      </PageTexts>
    );
  };
}

const fetched = new Map<string, Promise<Messages>>();

/** One request per language and namespace per page load. A failure leaves the keys showing rather than breaking the page (the request already retried). */
export function fetchPageTexts(language: string, ns: PageNamespace): Promise<Messages> {
  const url = `/api/locale.php?lng=${language}&ns=${ns}`;
  let found = fetched.get(url);
  if (!found) {
    found = getJson<Messages>(url).catch(() => ({}));
    fetched.set(url, found);
  }
  return found;
}

/**
 * Page texts for a part that is not a route and loads on demand (the sign-up modal, the
 * activation reminder): fetched with its code, in the current language. Suspends until they are
 * there, so render it inside the part's Suspense boundary.
 */
export function LazyPageTexts({ ns, children }: { ns: PageNamespace; children: ReactNode }) {
  const { i18n } = useTranslation();
  const messages = use(fetchPageTexts(i18n.language, ns));
  return <PageTexts messages={messages}>{children}</PageTexts>;
}
