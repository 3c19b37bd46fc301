import { type ComponentType, type ReactNode, use, useMemo, useReducer, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { PageNamespace } from '../../shared/i18n/page-texts.ts';
import { createTranslator, type Messages } from '../../shared/i18n/translator.ts';
import { Modal } from '../components/ui/modal.tsx';
import { getJson, type RequestOptions } from './api.ts';
import { I18nContext, type I18nValue, useTranslation } from './i18n.tsx';
import { useHydrated } from './use-hydrated.ts';

/**
 * Kept apart from i18n.tsx so the home page does not load it. Adds a page namespace (from the route's loader data) to the texts below it. Keys of the page
 * namespace are looked up first, then the common texts; a language switch revalidates the loader,
 * which brings the namespace in the new language.
 */
export function PageTexts({ messages, children }: { messages: Messages; children: ReactNode }) {
  const parent = useTranslation();
  const value = useMemo<I18nValue>(() => {
    const own = createTranslator(messages, undefined, parent.i18n.language);
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

const fetched = new Map<string, Promise<Messages | null>>();
const urlOf = (language: string, ns: PageNamespace) => `/api/locale.php?lng=${language}&ns=${ns}`;

/**
 * One request per language and namespace per page load. A failure (after the client's own
 * retries) resolves null and is kept until forgetPageTexts, so the part that waits for the texts
 * can say so and offer to try again instead of showing raw keys.
 */
export function fetchPageTexts(
  language: string,
  ns: PageNamespace,
  options?: Omit<RequestOptions, 'method'>,
): Promise<Messages | null> {
  const url = urlOf(language, ns);
  let found = fetched.get(url);
  if (!found) {
    found = getJson<Messages>(url, options).catch(() => null);
    fetched.set(url, found);
  }
  return found;
}

function forgetPageTexts(language: string, ns: PageNamespace) {
  fetched.delete(urlOf(language, ns));
}

/**
 * Page texts for a part that is not a route and loads on demand (the sign-up modal, the
 * activation reminder): fetched with its code, in the current language. Suspends until they are
 * there, so render it inside the part's Suspense boundary. Renders nothing on the server. When they cannot be fetched, the part
 * shows why (in the always-present common texts) with a button to try again.
 */
export function LazyPageTexts({
  ns,
  dialog,
  children,
}: {
  ns: PageNamespace;
  /** For a part that is a dialog: the failure shows in a dialog too, open when the part would be. */
  dialog?: { open: boolean; onClose?: () => void };
  children: ReactNode;
}) {
  const { i18n, t } = useTranslation();
  const [, tryAgain] = useReducer((attempt: number) => attempt + 1, 0);
  const [dismissed, setDismissed] = useState(false);
  // Only in the browser: on the server the fetch could only fail, after its retries, holding up the
  // page for seconds (these parts open on a click or decide by the screen width anyway).
  if (!useHydrated()) return null;
  const messages = use(fetchPageTexts(i18n.language, ns));
  if (messages) return <PageTexts messages={messages}>{children}</PageTexts>;
  const alert = (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 m-0" role="alert">
      <span className="flex-grow-1">{t('errors.part_failed')}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline-dark"
        onClick={() => {
          forgetPageTexts(i18n.language, ns);
          tryAgain();
        }}
      >
        {t('errors.retry')}
      </button>
    </div>
  );
  if (!dialog) return alert;
  return (
    <Modal
      open={dialog.open && !dismissed}
      title={t('errors.default')}
      closeLabel={t('errors.close')}
      onClose={dialog.onClose ?? (() => setDismissed(true))}
    >
      {alert}
    </Modal>
  );
}
