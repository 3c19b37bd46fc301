import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
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
        },
      },
      {
        test: {
          name: 'web-dom',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
