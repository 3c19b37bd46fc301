import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_LOCALE, isLocale } from '../shared/i18n/locales.ts';
import { installChunkReloadGuard } from './lib/chunk-reload.ts';
import { I18nProvider } from './lib/i18n.tsx';
import { type I18nBoot, whenI18nBooted } from './lib/i18n-boot.ts';
import { browserTimeZone, rememberTimeZone } from './lib/time-zone-cookie.ts';

declare global {
  interface Window {
    __I18N__?: I18nBoot;
  }
}

installChunkReloadGuard();
rememberTimeZone(document, browserTimeZone());

// Hydrate with the server's texts, never before they are there (i18n-boot.ts).
void whenI18nBooted(window, document).then((boot) => {
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
});
