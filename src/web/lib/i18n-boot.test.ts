import { describe, expect, it } from 'vitest';
import { I18N_READY_EVENT, type I18nBoot, whenI18nBooted } from './i18n-boot.ts';

/** A window and a document as the entry sees them, with their listeners to fire by hand. */
function page(readyState: DocumentReadyState, boot?: I18nBoot) {
  const listeners = new Map<string, () => void>();
  const on = (type: string, listener: () => void) => void listeners.set(type, listener);
  const win: { __I18N__?: I18nBoot; addEventListener: typeof on } = { __I18N__: boot, addEventListener: on };
  return { win, doc: { readyState, addEventListener: on }, fire: (type: string) => listeners.get(type)?.() };
}

const texts: I18nBoot = { locale: 'de', messages: { nav: { login: 'Einloggen' } } };
const settled = async (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20))]);

describe('whenI18nBooted', () => {
  it('answers at once when the texts came first', async () => {
    const { win, doc } = page('loading', texts);
    expect(await whenI18nBooted(win, doc)).toBe(texts);
  });

  it('waits while the document is still streaming, until the bootstrap script announces the texts', async () => {
    const { win, doc, fire } = page('loading');
    const booted = whenI18nBooted(win, doc);
    expect(await settled(booted)).toBe(false);
    win.__I18N__ = texts;
    fire(I18N_READY_EVENT);
    expect(await booted).toBe(texts);
  });

  it('gives up at the end of the document when the script never came, and never waits after it', async () => {
    const streaming = page('loading');
    const booted = whenI18nBooted(streaming.win, streaming.doc);
    streaming.fire('DOMContentLoaded');
    expect(await booted).toBeUndefined();
    const parsed = page('interactive');
    expect(await whenI18nBooted(parsed.win, parsed.doc)).toBeUndefined();
  });
});
