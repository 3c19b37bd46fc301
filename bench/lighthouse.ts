import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startProduct, stopProcess, waitFor } from './lib.ts';

/**
 * Lighthouse (mobile preset) on the home page in Debian's Chromium, and the home page's initial
 * JavaScript: every script the HTML loads up front, gzip-compressed.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lh-data-'));
const PORT = '3903';
const base = `http://127.0.0.1:${PORT}`;
const product = startProduct(PORT, dataDir, { SEED_DEMO: process.env.BENCH_SEED_DEMO ?? '1' });
try {
  await waitFor(`${base}/api/health.php`);
  const html = await (await fetch(`${base}/`, { headers: { cookie: 'i18n_redirected=nl' } })).text();
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] as string);
  let total = 0;
  for (const src of scripts)
    total += gzipSync(Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer()), { level: 9 }).length;
  const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (n, m) => n + gzipSync(m[1] ?? '').length,
    0,
  );
  console.log(
    `home initial JavaScript: ${(total / 1024).toFixed(1)} KiB gzip in ${scripts.length} files (+ ${(inline / 1024).toFixed(1)} KiB inline data) — goal ≤ 120 KiB`,
  );

  const out = path.join(dataDir, 'lh.json');
  execFileSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      `${base}/`,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: 'inherit' },
  );
  const report = JSON.parse(await fs.readFile(out, 'utf8'));
  for (const [id, category] of Object.entries(report.categories as Record<string, { score: number }>)) {
    console.log(`lighthouse ${id}: ${Math.round(category.score * 100)}`);
  }
  for (const audit of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ]) {
    console.log(`  ${audit}: ${report.audits[audit]?.displayValue}`);
  }
} finally {
  await stopProcess(product);
  await fs.rm(dataDir, { recursive: true, force: true });
}
