import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { createI18n } from '../shared/i18n/i18n.ts';
import { DEFAULT_LOCALE, isLocale } from '../shared/i18n/locales.ts';
import { installChunkReloadGuard } from './lib/chunk-reload.ts';

declare global {
  interface Window {
    __I18N__?: { locale: string; messages: Record<string, unknown> };
  }
}

installChunkReloadGuard();

const boot = window.__I18N__;
const locale = isLocale(boot?.locale) ? boot.locale : DEFAULT_LOCALE;
const i18n = createI18n(locale, { [locale]: { common: boot?.messages ?? {} } });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
