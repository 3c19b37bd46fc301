import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False while rendering on the server and hydrating, true after: for parts only a browser can decide or fetch. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
