import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: true,
  // Route middleware guards the member pages (docs/decisions/0016); the load context becomes a
  // RouterContextProvider carrying the WebLoadContext fields (src/web/lib/load-context.ts).
  future: { v8_middleware: true },
} satisfies Config;
