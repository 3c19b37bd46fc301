import { useSyncExternalStore } from 'react';
import { isStandaloneApp } from './dismissals.ts';

const QUERY = '(display-mode: standalone)';

function subscribe(callback: () => void) {
  const query = typeof window === 'undefined' ? undefined : window.matchMedia?.(QUERY);
  query?.addEventListener?.('change', callback);
  return () => query?.removeEventListener?.('change', callback);
}

/**
 * Whether the page runs in the installed app. False on the server and while hydrating (the
 * server cannot know), then the browser's answer: what depends on it changes after the first paint.
 */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, isStandaloneApp, () => false);
}
