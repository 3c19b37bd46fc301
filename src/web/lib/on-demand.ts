import { type ComponentType, lazy } from 'react';

/** React's lazy for a module's named component: `lazyNamed(() => import('./x.tsx').then((m) => m.X))`. */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/**
 * A part whose code the browser fetches only when the part renders, and which the server has at
 * hand from its start. React renders a lazy part it has not loaded yet after the rest of the page,
 * into a hidden element that a script then moves in place: on the first pages after a server start,
 * a browser without JavaScript never saw the part, and the time bonus's banner came at the end of
 * the HTML. So the server loads the code as it starts and renders with it; the browser keeps the
 * lazy part, whose Suspense boundary (the caller's) keeps the server's HTML until the code is there.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): () => ComponentType<P> {
  const Lazy = lazyNamed(load) as unknown as ComponentType<P>;
  let loaded: ComponentType<P> | undefined;
  if (typeof document === 'undefined')
    load().then(
      (component) => {
        loaded = component;
      },
      // Not loaded: the lazy part still renders, streamed after the page as before.
      () => {},
    );
  // Asked at render: the server's loaded part once it is there, the lazy one until then.
  return () => loaded ?? Lazy;
}
