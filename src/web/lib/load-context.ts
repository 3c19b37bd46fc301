import type { WebLoadContext } from '../../shared/load-context.ts';

declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
