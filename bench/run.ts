import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pairedMeasure, ratioLine, startProcess, startProduct, stopProcess, waitFor } from './lib.ts';

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
const product = startProduct(PRODUCT_PORT, dataDir, { SEED_DEMO: process.env.BENCH_SEED_DEMO ?? '1' });
try {
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
  await waitFor(`http://127.0.0.1:${PRODUCT_PORT}/api/health.php`);
  const cookie = { cookie: 'i18n_redirected=nl' };
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/`;
  const paired = async (name: string, url: string, goal?: number) => {
    const median = await pairedMeasure(bareUrl, name, url, { headers: cookie });
    console.log(ratioLine(median.target, median.baseline, goal));
    return median;
  };
  console.log(
    `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}`,
  );
  // No goal since the fast paths went (docs/decisions/0015): recorded to see where it stands.
  const settings = await paired('GET /api/settings.php', `http://127.0.0.1:${PRODUCT_PORT}/api/settings.php`);
  const home = await paired('GET / (server-rendered home)', `http://127.0.0.1:${PRODUCT_PORT}/`, 0.1);
  console.log(
    `(baseline in those pairs: ${settings.baseline.rps.toFixed(0)} and ${home.baseline.rps.toFixed(0)} req/s)`,
  );
} finally {
  await stopProcess(product);
  await stopProcess(bare);
  await fs.rm(dataDir, { recursive: true, force: true });
}
