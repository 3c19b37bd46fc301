import type { Messages } from '../../shared/i18n/translator.ts';

/** The page's texts, set by the inline script at the end of the server's shell (entry.server.tsx). */
export type I18nBoot = { locale: string; messages: Messages };

/** Announced by that script once `window.__I18N__` is set. */
export const I18N_READY_EVENT = 'liefdesplein:i18n-ready';

type BootWindow = {
  __I18N__?: I18nBoot;
  addEventListener: (type: string, listener: () => void, options: { once: true }) => void;
};
type BootDocument = {
  readyState: DocumentReadyState;
  addEventListener: (type: string, listener: () => void, options: { once: true }) => void;
};

/**
 * Resolves with the page's texts once they are there. They ride in React's bootstrap script, which
 * comes at the end of the streamed shell; the client's entry is an async module and may run first
 * (its files cached, the stream slow). Hydrating then rendered every text as its key: React found
 * the server's words mismatched (error 418) and rendered the page again with keys ("nav.skip_to_content"),
 * about one page load in twenty here. So the entry waits for the script's event, or for the end of
 * the document if the script never comes (then the keys are all there is).
 */
export function whenI18nBooted(win: BootWindow, doc: BootDocument): Promise<I18nBoot | undefined> {
  if (win.__I18N__ || doc.readyState !== 'loading') return Promise.resolve(win.__I18N__);
  return new Promise((resolve) => {
    const done = () => resolve(win.__I18N__);
    win.addEventListener(I18N_READY_EVENT, done, { once: true });
    doc.addEventListener('DOMContentLoaded', done, { once: true });
  });
}
