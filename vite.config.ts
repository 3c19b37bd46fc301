import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

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
  build: { assetsInlineLimit: 0 },
});
