import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { signUpMember, startProduct, stopProcess, waitFor } from './lib.ts';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'exp-'));
const base = 'http://127.0.0.1:3920';
const product = startProduct('3920', dataDir, { LOGIN_RATE_LIMIT: '1000000' });
const lat = (p: string) => new Promise<string>((resolve) => {
  const c = spawn(process.execPath, [path.join(import.meta.dirname, '_lat2.ts'), base + p, '600']);
  let out = ''; c.stdout.on('data', (d) => (out += d)); c.stderr.pipe(process.stderr); c.on('exit', () => resolve(out.trim()));
});
try {
  await waitFor(`${base}/api/health.php`);
  await signUpMember(base, { email: 'bench@example.nl', name: 'BenchUser', password: 'Zonnebloem-2026!', gender: 'male' });
  console.log('idle health', await lat('/api/health.php'));
  console.log('idle settings', await lat('/api/settings.php'));
  const body = JSON.stringify({ email: 'bench@example.nl', password: 'Zonnebloem-2026!' });
  for (const p of ['/api/health.php', '/api/settings.php']) {
    const login = autocannon({ url: `${base}/api/user.php`, method: 'POST', connections: 4, duration: 7, headers: { 'content-type': 'application/json' }, body });
    console.log('logins', p, await lat(p));
    const l = await login; console.log('  logins/s', l.requests.average, 'non2xx', l.non2xx);
  }
} finally { await stopProcess(product); await fs.rm(dataDir, { recursive: true, force: true }); }
