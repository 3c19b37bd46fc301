import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server tests wait on PostgreSQL more than they compute: one more worker than cores keeps both
 * cores busy (Vitest's default, cores − 1, ran the suite on one worker on a 2-core machine).
 */
const workers = Math.max(2, os.availableParallelism());

export default defineConfig({
  test: {
    maxWorkers: workers,
    reporters: ['default', './scripts/slowest-test-files.ts'],
    // One PostgreSQL and one migrated template for the whole run, every project's server files.
    globalSetup: ['src/server/test/global-setup.ts'],
    // The suite is the machine's load: password hashing and photos at idle priority would wait for
    // every other test file's work to finish (env.ts, BACKGROUND_PRIORITY).
    env: { BACKGROUND_PRIORITY: 'normal' },
    projects: [
      {
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      // Most of a server test file's time went into importing the whole app again (about 1.2 s a
      // file): files share a worker's modules. Each file builds its own app, services and database,
      // so nothing a test changes is shared. A file that replaces a module (vi.mock) needs a
      // module graph of its own: it is named *.isolated.test.ts and runs in the next project.
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.isolated.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: ['src/server/**/*.isolated.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Setting up jsdom cost most of the web project's time: only the files that render get it.
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'web-dom',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup-dom.ts'],
          // A guard against a hang: rendering a wizard's steps took over the default 5 s once
          // on a machine kept busy (the suite's own load and two CPU hogs).
          testTimeout: 30_000,
        },
      },
    ],
  },
});
