import type { LinkDescriptor } from 'react-router';

/**
 * A route's stylesheets as React stylesheet resources (`precedence`), for its `links` export. React
 * writes these at the top of <head>, before the module preloads of the page's scripts; a side-effect
 * import (`import './x.scss'`) becomes a plain link after all of them, and on a slow connection
 * the first paint waited for them (docs/performance.md, Lighthouse on /credits). Import the file
 * with `?url`. React keeps a resource once loaded, also after leaving the route, so only stylesheets
 * whose rules are scoped to their own classes may be linked this way.
 */
export function stylesheetLinks(...hrefs: string[]): () => LinkDescriptor[] {
  return () => hrefs.map((href) => ({ rel: 'stylesheet', href, precedence: 'default' }));
}
