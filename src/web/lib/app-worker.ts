import type { Locale } from '../../shared/i18n/locales.ts';

/** The site's one service worker (push and the offline page); the version makes browsers take a changed worker. */
export const APP_WORKER_URL = '/sw-push.js?v=2';

type WorkerEnvironment = {
  serviceWorker?: {
    register: (url: string, options: RegistrationOptions) => Promise<unknown>;
    ready: Promise<{ active: { postMessage: (message: unknown) => void } | null }>;
  };
  /** Runs `start` once the page has loaded (now if it has). */
  afterLoad: (start: () => Promise<void>) => void;
};

function browserEnvironment(): WorkerEnvironment {
  return {
    serviceWorker:
      'serviceWorker' in navigator
        ? (navigator.serviceWorker as unknown as WorkerEnvironment['serviceWorker'])
        : undefined,
    afterLoad: (start) => {
      if (document.readyState === 'complete') void start();
      else window.addEventListener('load', () => void start(), { once: true });
    },
  };
}

/**
 * Every visitor's page registers the worker once it has loaded (the first paint never waits on it),
 * and tells it the page's language: the offline page follows a member who switches language.
 * The worker keeps no member's data, so a visitor gets it too, and with it the browser's offer to
 * install the app before logging in.
 */
export function registerAppWorker(locale: Locale, env: WorkerEnvironment = browserEnvironment()) {
  const worker = env.serviceWorker;
  if (!worker) return;
  env.afterLoad(() =>
    worker
      .register(APP_WORKER_URL, { scope: '/' })
      .then(() => worker.ready)
      .then((registration) => {
        registration.active?.postMessage({ type: 'locale', locale });
      })
      // A browser that refuses workers (private mode, settings) keeps the site as it was.
      .catch(() => undefined),
  );
}
