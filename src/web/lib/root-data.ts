import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

/**
 * The root route's data (locale, settings, company, member) for any component. Apart from
 * root.tsx, which renders features (the error page), so that a feature reading it closes no
 * import circle through the root (the lint's dependency-cruiser rules).
 */
export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}
