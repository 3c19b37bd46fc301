import type { WebLoadContext } from '../../shared/load-context.ts';

// With middleware on, loaders get a RouterContextProvider; the server copies the WebLoadContext
// fields onto it, so loaders keep reading `context.user` as before.
declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
  interface RouterContextProvider extends WebLoadContext {}
}
