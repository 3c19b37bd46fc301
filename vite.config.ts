import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

type ModuleGraph = { getModuleInfo: (id: string) => { importers: readonly string[] } | null };

const ROOT_ROUTE = /\/src\/web\/(root|layouts\/default-layout)\.tsx$/;
const isOurs = (id: string) => id.includes('/src/') && !id.includes('/node_modules/');
const inShell = new Map<string, boolean>();

/**
 * Our modules that root.tsx or the default layout import, directly or through others: every page
 * loads them, so they may as well be one file. Left to the automatic chunking they became a dozen
 * chunks of a few hundred bytes, each compressed on its own (more bytes, more requests on the home
 * page). A walk up the importers with its own visited set, so an import cycle cannot cut it short.
 */
function isShellModule(id: string, graph: ModuleGraph): boolean {
  if (!isOurs(id) || ROOT_ROUTE.test(id)) return false;
  const known = inShell.get(id);
  if (known !== undefined) return known;
  const seen = new Set([id]);
  const pending = [id];
  let found = false;
  while (!found && pending.length > 0) {
    for (const importer of graph.getModuleInfo(pending.pop() as string)?.importers ?? []) {
      if (ROOT_ROUTE.test(importer)) found = true;
      else if (isOurs(importer) && !seen.has(importer)) {
        seen.add(importer);
        pending.push(importer);
      }
    }
  }
  inShell.set(id, found);
  return found;
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
