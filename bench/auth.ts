import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { ARGON2_OPTIONS, HASH_CONCURRENCY } from '../src/server/features/auth/passwords.ts';
import { pairedMeasure, signUpMember, startProcess, startProduct, stopProcess, waitFor } from './lib.ts';

type Latency = { p50: number; p90: number; p99: number; max: number };

/** Health latency from a separate probe process (bench/latency-probe.ts): 100 checks a second. */
function probeHealth(base: string, requests: number): Promise<Latency> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(import.meta.dirname, 'latency-probe.ts'), `${base}/api/health.php`, String(requests), '10'],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as Latency)),
    );
  });
}
const ms = (l: Latency) =>
  `p50 ${l.p50.toFixed(1)} / p90 ${l.p90.toFixed(1)} / p99 ${l.p99.toFixed(1)} / max ${l.max.toFixed(1)} ms`;

/**
 * Accounts benchmark:
 * - login throughput against the raw argon2id verify rate measured in this process (goal ≥ 90%);
 * - GET /api/user.php with a session against the bare Fastify route (recorded; no goal since 0015);
 * - the health call's p99 while logins run (recorded: hashing must not block the event loop).
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-auth-'));
const PORT = '3906';
const BARE_PORT = '3907';
const base = `http://127.0.0.1:${PORT}`;
const bare = startProcess(path.join(root, 'bench/bare-server.ts'), { PORT: BARE_PORT });
const product = startProduct(PORT, dataDir, { LOGIN_RATE_LIMIT: '1000000' });
try {
  await waitFor(`${base}/api/health.php`);
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
  const password = 'Zonnebloem-2026!';
  const { sid } = await signUpMember(base, {
    email: 'bench@example.nl',
    name: 'BenchUser',
    password: password,
    gender: 'male',
  });

  // Raw verify rate with the parallelism the server allows itself (all cores but one), measured
  // right before and right after the logins; their mean is the baseline, so a drift of the shared
  // machine's speed during the run moves both sides.
  const hash = await argon2.hash(password, ARGON2_OPTIONS);
  const rawVerifyRate = async (ms: number) => {
    const rawStart = performance.now();
    let raw = 0;
    while (performance.now() - rawStart < ms) {
      await Promise.all(Array.from({ length: HASH_CONCURRENCY }, () => argon2.verify(hash, password)));
      raw += HASH_CONCURRENCY;
    }
    return raw / ((performance.now() - rawStart) / 1000);
  };
  const rawBefore = await rawVerifyRate(6_000);

  const loginBody = JSON.stringify({ email: 'bench@example.nl', password });
  const idleHealth = await probeHealth(base, 600);
  // A steady trickle of health checks, as a load balancer would send, while logins saturate hashing
  // (the probe's warm-up and ~19 s fall inside the logins' 24 s). 1,600 checks: a p99 of 800 moved by ±1 ms
  // between otherwise identical runs.
  const login = autocannon({
    url: `${base}/api/user.php`,
    method: 'POST',
    connections: 4,
    duration: 24,
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const healthResult = await probeHealth(base, 1_600);
  const loginResult = await login;
  if (loginResult.non2xx > 0) throw new Error(`${loginResult.non2xx} logins failed`);
  const rawAfter = await rawVerifyRate(6_000);
  const rawRate = (rawBefore + rawAfter) / 2;

  const { baseline, target: user } = await pairedMeasure(
    `http://127.0.0.1:${BARE_PORT}/`,
    'GET /api/user.php (session)',
    `${base}/api/user.php`,
    {
      // As a browser sends it: the locale cookie is set by the first page the member saw.
      headers: { cookie: `sid=${sid}; i18n_redirected=nl`, 'x-request-type': 'client' },
    },
  );

  console.log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model}; node ${process.version}`);
  console.log(
    `raw argon2id verify           ${rawRate.toFixed(1)} /s (${HASH_CONCURRENCY} at a time; ${rawBefore.toFixed(1)} before, ${rawAfter.toFixed(1)} after the logins)`,
  );
  const loginRatio = loginResult.requests.average / rawRate;
  console.log(
    `POST /api/user.php (login)    ${loginResult.requests.average.toFixed(1)} /s  ${(loginRatio * 100).toFixed(1)}% of raw (goal ≥ 90%) ${loginRatio >= 0.9 ? 'ok' : 'BELOW GOAL'}`,
  );
  const userRatio = user.rps / baseline.rps;
  console.log(
    `GET /api/user.php             ${user.rps.toFixed(0)} req/s  ${(userRatio * 100).toFixed(1)}% of bare ${baseline.rps.toFixed(0)}, median of 3 pairs`,
  );
  console.log(`health during logins          ${ms(healthResult)}`);
  console.log(`health without logins         ${ms(idleHealth)}`);
} finally {
  await stopProcess(product);
  await stopProcess(bare);
  await fs.rm(dataDir, { recursive: true, force: true });
}
