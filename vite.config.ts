import { createRequire } from 'node:module';
import path from 'node:path';
import { constants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * React Router's package points every import at its development build, whose only difference
 * from the production build beside it is `ENABLE_DEV_WARNINGS = true` (remix-run/react-router
 * issues 12532, 14102): warnings and their texts in every page's scripts. The browser's build takes
 * the production files; the server keeps the package's own resolution, so @react-router/node and
 * the server build share one copy.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router')),
    '..',
    'production',
  );
  const files: Record<string, string> = {
    'react-router': path.join(dist, 'index.mjs'),
    'react-router/dom': path.join(dist, 'dom-export.mjs'),
  };
  return {
    name: 'react-router-production-build',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => files[id] ?? null,
  };
}

type ModuleInfo = { importers: readonly string[]; importedIds: readonly string[] };
type ModuleGraph = { getModuleInfo: (id: string) => ModuleInfo | null };

/** The modules React Router loads as routes: the root, the layouts and the pages. */
const ROUTE_MODULE = /\/src\/web\/(root|layouts\/[^/]+|routes\/.+)\.tsx$/;
/** The browser's entry: every page runs it. */
const ENTRY = /\/src\/web\/entry\.client\.tsx$/;
/** What every page of the site runs and renders: what they import loads on every page but the landers. */
const SHELL_ROUTE = /\/src\/web\/(entry\.client|root|layouts\/default-layout)\.tsx$/;
/** The entry and the root: every page runs them, the landers too. */
const ROOT_ROUTE = /\/src\/web\/(entry\.client|root)\.tsx$/;
/** The advertising pages: their layout and pages, whose scripts have a budget (docs/performance.md). */
const LANDER_ROUTE = /\/src\/web\/(layouts\/lander-layout|routes\/landers\/[^/]+)\.tsx$/;
/** The public home page: its scripts have a budget (docs/performance.md), so no group adds to them. */
const HOME_ROUTE = /\/src\/web\/routes\/home\.tsx$/;
const isOurs = (id: string) => id.includes('/src/') && !id.includes('/node_modules/');

/**
 * The modules met walking the graph from `id` along `next` (importers or imports), through those
 * `through` admits. Its own visited set, so an import cycle cannot cut it short.
 */
function walk(
  id: string,
  graph: ModuleGraph,
  next: (info: ModuleInfo) => readonly string[],
  through: (id: string) => boolean,
): Set<string> {
  const met = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const info = graph.getModuleInfo(pending.pop() as string);
    for (const other of info ? next(info) : []) {
      if (met.has(other)) continue;
      met.add(other);
      if (through(other)) pending.push(other);
    }
  }
  return met;
}

/**
 * `compute` once per module. `whileComputing` answers a walk that comes back to a module still being
 * computed (an import cycle), so a recursive rule ends.
 */
function cached<T>(compute: (id: string, graph: ModuleGraph) => T, whileComputing?: T) {
  const known = new Map<string, T>();
  return (id: string, graph: ModuleGraph): T => {
    if (!known.has(id)) {
      if (whileComputing !== undefined) known.set(id, whileComputing);
      known.set(id, compute(id, graph));
    }
    return known.get(id) as T;
  };
}

/**
 * The route modules (and the browser's entry) that import a module through others of ours, routes
 * included (root.tsx uses the 404 page's component, layouts and features use the root's data).
 */
const routesReaching = cached((id, graph) =>
  [...walk(id, graph, (info) => info.importers, isOurs)].filter(
    (other) => ROUTE_MODULE.test(other) || ENTRY.test(other),
  ),
);

/** Whether a module imports a route module through others of ours: a group would carry the route. */
const importsRoute = cached((id, graph) =>
  [
    ...walk(
      id,
      graph,
      (info) => info.importedIds,
      (other) => isOurs(other) && !ROUTE_MODULE.test(other),
    ),
  ].some((other) => ROUTE_MODULE.test(other)),
);

/** Whether every page loads a module anyway: the root or the default layout imports it, through anything. */
const onEveryPage = cached((id, graph) =>
  [
    ...walk(
      id,
      graph,
      (info) => info.importers,
      () => true,
    ),
  ].some((other) => SHELL_ROUTE.test(other)),
);

/**
 * Our modules that root.tsx or the default layout import: every page of the site loads them, so
 * they may as well be one file. Left to the automatic chunking they became a dozen chunks of a few
 * hundred bytes, each compressed on its own (more bytes, more requests on the home page).
 */
const isShellModule = (id: string, graph: ModuleGraph) =>
  isOurs(id) && !SHELL_ROUTE.test(id) && routesReaching(id, graph).some((route) => SHELL_ROUTE.test(route));

/**
 * The part of the shell the landers need too: what the root imports, and what the lander layout
 * or pages share with the shell (the sign-up's context, the logo, the API client), with React and
 * React Router. The rest of the shell (navigation, footer, the member's banners, the time bonus)
 * stays in `shell`, which an advertising page never loads (docs/decisions/0010, addendum 2).
 */
const isBaseModule = (id: string, graph: ModuleGraph) =>
  isShellModule(id, graph) &&
  routesReaching(id, graph).some((route) => ROOT_ROUTE.test(route) || LANDER_ROUTE.test(route));

/**
 * Our helpers that two or more pages share, away from the home page and the advertising pages,
 * that import only what every page loads already or other such helpers: the `common` chunk (about
 * 9 KiB compressed). Left to the automatic chunking they were up to a dozen chunks of 100–1,800
 * bytes per page, and on a phone each costs a request before the page's scripts are in (decision
 * 0010). Importing only what is loaded anyway, they pull nothing else into every page that needs
 * one of them. The home page and the advertising pages have budgets: one helper they share would
 * bring them the whole group.
 */
const isCommonModule: (id: string, graph: ModuleGraph) => boolean = cached((id, graph) => {
  // Scripts only: a stylesheet in the group would join one stylesheet for every page that needs
  // any of the helpers.
  const script = isOurs(id) && /\.tsx?$/.test(id) && !ROUTE_MODULE.test(id);
  const routes = script && !importsRoute(id, graph) ? routesReaching(id, graph) : [];
  return (
    routes.length >= 2 &&
    !routes.some((route) => SHELL_ROUTE.test(route) || HOME_ROUTE.test(route) || LANDER_ROUTE.test(route)) &&
    (graph.getModuleInfo(id)?.importedIds ?? []).every(
      (imported) => onEveryPage(imported, graph) || isCommonModule(imported, graph),
    )
  );
}, false);

/**
 * The browser's files compressed once, at build time, at the strongest settings: brotli 11 and
 * gzip 9 beside each file, which the server sends as they are (`preCompressed` in ssr.routes.ts).
 * Compressed per request they went out at brotli 4, 16 % more bytes on a first visit than brotli 11
 * (docs/decisions/0049). Photos and the video are compressed already. (The plugin hooks into
 * every environment's bundle: the server's build gets unused copies of its few stylesheets too.)
 */
function precompressedAssets(): Plugin {
  return compression({
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    include: /\.(js|css|svg|webmanifest|json|txt)$/,
    // The build's manifest is for the server, never sent.
    exclude: /\.vite\//,
    threshold: 1024,
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  });
}

/** Rolldown hands its module graph as the second argument of a group's `name`. */
const asGraph = (ctx: unknown) => ctx as ModuleGraph;

export default defineConfig({
  plugins: [reactRouterProductionBuild(), reactRouter(), precompressedAssets()],
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global functions; its deprecation notes are not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React DOM's small module (flushSync, createPortal) with the rest: both the entry and
              // React Router import it, and alone it was one more file on every page.
              debugName: 'base',
              name: (id, ctx) =>
                isBaseModule(id, asGraph(ctx)) ||
                /\/node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)$/.test(id)
                  ? 'base'
                  : null,
            },
            { debugName: 'shell', name: (id, ctx) => (isShellModule(id, asGraph(ctx)) ? 'shell' : null) },
            {
              // TanStack Query and our client for it: every member page loads both, and the
              // automatic chunking cut them into nine files.
              debugName: 'query',
              name: (id) =>
                /\/node_modules\/@tanstack\/|\/src\/web\/lib\/query-client\.ts$/.test(id) ? 'query' : null,
            },
            { debugName: 'common', name: (id, ctx) => (isCommonModule(id, asGraph(ctx)) ? 'common' : null) },
          ],
        },
      },
    },
  },
});
