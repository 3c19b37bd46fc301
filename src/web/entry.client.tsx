import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_LOCALE, isLocale } from '../shared/i18n/locales.ts';
import type { Messages } from '../shared/i18n/translator.ts';
import { installChunkReloadGuard } from './lib/chunk-reload.ts';
import { I18nProvider } from './lib/i18n.tsx';

declare global {
  interface Window {
    __I18N__?: { locale: string; messages: Messages };
  }
}

installChunkReloadGuard();

const boot = window.__I18N__;
const locale = isLocale(boot?.locale) ? boot.locale : DEFAULT_LOCALE;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider locale={locale} messages={boot?.messages ?? {}}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
  );
});
