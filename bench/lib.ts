import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { productEnv } from '../scripts/lib/product-env.ts';

export type Result = { name: string; rps: number; p50: number; p99: number };

export async function waitFor(url: string, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

export function startProcess(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const MAIN = path.resolve(import.meta.dirname, '../src/server/main.ts');

/** The product as production runs it (embedded PostgreSQL in dataDir, quiet log); env adds to that. */
export function startProduct(port: string, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return startProcess(MAIN, productEnv(port, dataDir, env));
}

/** A new member through the real sign-up call; returns the session cookie and CSRF token. */
export async function signUpMember(
  base: string,
  member: { email: string; name: string; password: string; gender: 'male' | 'female' },
): Promise<{ sid: string; csrfToken: string }> {
  const signup = await fetch(`${base}/api/signup.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...member,
      date_of_birth: '1990-01-01',
      sexuality: 'hetero',
      country: 'NL',
      accept_terms: true,
    }),
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${await signup.text()}`);
  const sid = /sid=([^;]+)/.exec(signup.headers.get('set-cookie') ?? '')?.[1] as string;
  const { user } = (await signup.json()) as { user: { csrf_token: string } };
  return { sid, csrfToken: user.csrf_token };
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Requests per second with keep-alive, after a warm-up. */
async function measure(
  name: string,
  url: string,
  options: { headers?: Record<string, string>; seconds?: number } = {},
) {
  await autocannon({ url, connections: 10, duration: 1, headers: options.headers });
  const r = await autocannon({
    url,
    connections: 10,
    duration: options.seconds ?? 8,
    headers: options.headers,
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 } satisfies Result;
}

/** A target's rate against the bare baseline; `goal` only where a user-facing goal exists. */
export function ratioLine(result: Result, baseline: Result, goal?: number) {
  const ratio = result.rps / baseline.rps;
  const verdict = goal === undefined ? '' : ` (goal ≥ ${goal * 100}%) ${ratio >= goal ? 'ok' : 'BELOW GOAL'}`;
  return `${result.name.padEnd(34)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(4)} ms  ${(ratio * 100).toFixed(1).padStart(5)}% of bare${verdict}`;
}

/**
 * A target measured right next to a baseline run, three times; the pair with the median ratio is
 * returned. Other load on a shared machine then moves both sides of a pair together.
 */
export async function pairedMeasure(
  baselineUrl: string,
  name: string,
  url: string,
  options: { headers?: Record<string, string>; seconds?: number } = {},
) {
  const pairs: { ratio: number; target: Result; baseline: Result }[] = [];
  for (let round = 0; round < 3; round += 1) {
    const baseline = await measure('bare Fastify GET /', baselineUrl, { seconds: options.seconds ?? 4 });
    const target = await measure(name, url, { headers: options.headers, seconds: options.seconds ?? 4 });
    pairs.push({ ratio: target.rps / baseline.rps, target, baseline });
  }
  pairs.sort((a, b) => a.ratio - b.ratio);
  return pairs[1] as (typeof pairs)[number];
}
