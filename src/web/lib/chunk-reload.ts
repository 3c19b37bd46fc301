import { LIMITS } from '../../shared/limits.ts';

const KEY = 'chunk_reload_at';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * After a deploy, an open tab may ask for code chunks that no longer exist. One reload fetches the
 * new ones; the guard keeps a persistent failure from reloading in a loop (at most once a minute).
 */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: number,
  reload: () => void,
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < LIMITS.chunkReloadGuardMs) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

export function installChunkReloadGuard() {
  const handle = (error: unknown) => {
    if (isChunkLoadError(error))
      reloadForChunkError(window.sessionStorage, Date.now(), () => window.location.reload());
  };
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    handle((event as Event & { payload?: unknown }).payload ?? new Error('Unable to preload CSS'));
  });
  window.addEventListener('unhandledrejection', (event) => handle(event.reason));
}
