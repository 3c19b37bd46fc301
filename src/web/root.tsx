import { type ReactNode, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage } from './features/site/error-page.tsx';
import { describeRouteError } from './features/site/route-error-boundary.tsx';
import { registerAppWorker } from './lib/app-worker.ts';
import { useTranslation } from './lib/i18n.tsx';
import { revalidateOnSubmitOrReload, useRootData } from './lib/root-data.ts';
import { stylesheetLinks } from './lib/stylesheets.ts';
import appStyles from './styles/app.scss?url';

export const links: Route.LinksFunction = stylesheetLinks(appStyles);

export async function loader({ context }: Route.LoaderArgs) {
  return {
    locale: context.locale,
    settings: context.settings,
    company: context.company,
    user: context.user,
    nonce: context.nonce,
    isDevelopment: context.isDevelopment,
  };
}

// Settings and texts change only with the language cookie, whose change revalidates explicitly
// (same URL); plain navigations keep the root data.
export const shouldRevalidate = revalidateOnSubmitOrReload;

/**
 * Zod builds object parsers with `new Function` when its probe may; our Content-Security-Policy
 * forbids eval, so the probe is refused and reported (a DevTools issue, a failed journey). Zod reads
 * its config from this global once, when its first module runs, and each object schema decides as
 * it is made: so it is set first thing in the head, before any module can run (the page's modules
 * load async, and one that ran before a script at the end of the shell made its schemas with the
 * probe). Parsing is the same without the compiled parsers.
 */
const ZOD_CONFIG = 'globalThis.__zod_globalConfig={jitless:true}';

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <script
          nonce={data?.nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no input in it
          dangerouslySetInnerHTML={{ __html: ZOD_CONFIG }}
        />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b3124f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href={`/app/${locale}/manifest.webmanifest`} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const locale = useRootData()?.locale;
  useEffect(() => {
    if (locale) registerAppWorker(locale);
  }, [locale]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const { status, message } = describeRouteError(useRouteError());
  return <ErrorPage status={status} message={message} />;
}
