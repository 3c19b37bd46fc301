import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

type ModuleGraph = { getModuleInfo: (id: string) => { importers: readonly string[] } | null };

const ROOT_ROUTE = /\/src\/web\/(root|layouts\/default-layout)\.tsx$/;
const reachesRoot = new Map<string, boolean>();

/**
 * Our modules that root.tsx imports, directly or through others: every page loads them, so they
 * may as well be one file. Left to the automatic chunking they became a dozen chunks of a few
 * hundred bytes, each compressed on its own (more bytes, more requests on the home page).
 */
function isShellModule(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (!id.includes('/src/') || id.includes('/node_modules/') || ROOT_ROUTE.test(id)) return false;
  const known = reachesRoot.get(id);
  if (known !== undefined) return known;
  seen.add(id);
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  const result = importers.some(
    (importer) => ROOT_ROUTE.test(importer) || (!seen.has(importer) && isShellModule(importer, graph, seen)),
  );
  reachesRoot.set(id, result);
  return result;
}

export default defineConfig({
  plugins: [reactRouter()],
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
              debugName: 'shell',
              name: (id, ctx) => (isShellModule(id, ctx as unknown as ModuleGraph) ? 'shell' : null),
            },
          ],
        },
      },
    },
  },
});
