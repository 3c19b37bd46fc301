import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measure, ratioLine, startProcess, stopProcess, waitFor } from './lib.ts';

/**
 * Server benchmark: the product (embedded PostgreSQL, demo data, production build) against a bare
 * Fastify hello-world started in the same run, so the ratios hold on any machine.
 * Run `npm run build` first (npm run bench does not rebuild).
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
const PRODUCT_PORT = '3902';
const BARE_PORT = '3901';

const bare = startProcess(path.join(root, 'bench/bare-server.ts'), { PORT: BARE_PORT });
const product = startProcess(path.join(root, 'src/server/main.ts'), {
  PORT: PRODUCT_PORT,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: process.env.BENCH_SEED_DEMO ?? '1',
});
try {
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
  await waitFor(`http://127.0.0.1:${PRODUCT_PORT}/api/health.php`);
  const cookie = { cookie: 'i18n_redirected=nl' };
  const baseline = await measure('bare Fastify GET /', `http://127.0.0.1:${BARE_PORT}/`);
  const settings = await measure(
    'GET /api/settings.php',
    `http://127.0.0.1:${PRODUCT_PORT}/api/settings.php`,
    { headers: cookie },
  );
  const home = await measure('GET / (server-rendered home)', `http://127.0.0.1:${PRODUCT_PORT}/`, {
    headers: cookie,
  });
  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}`,
  );
  console.log(
    `${baseline.name.padEnd(34)} ${baseline.rps.toFixed(0).padStart(7)} req/s  p50 ${String(baseline.p50).padStart(3)} ms  p99 ${String(baseline.p99).padStart(4)} ms  (baseline)`,
  );
  console.log(ratioLine(settings, baseline, 0.6));
  console.log(ratioLine(home, baseline, 0.1));
} finally {
  await stopProcess(product);
  await stopProcess(bare);
  await fs.rm(dataDir, { recursive: true, force: true });
}
