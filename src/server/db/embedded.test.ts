import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-test-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('takes over a server left running by a process that died, and keeps its data', async () => {
    const first = await startEmbeddedPostgres({ dataDir: dir });
    await query(first.url(), 'create table kept (value text)');
    await query(first.url(), "insert into kept values ('acknowledged before the crash')");
    // The owner "dies" without stopping its server: the next start finds it still running.
    const second = await startEmbeddedPostgres({ dataDir: dir });
    expect(await query(second.url(), 'select value from kept')).toEqual([
      { value: 'acknowledged before the crash' },
    ]);
    await expect(query(first.url(), 'select 1')).rejects.toThrow();
    await second.stop();
  }, 60_000);

  it('connects over its Unix socket, and over TCP where DATA_DIR is too deep for a socket path', async () => {
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'short') });
    try {
      expect(new URL(server.url()).searchParams.get('host')).toBe(path.join(dir, 'short', 'pg-run'));
      // A client over a Unix socket has no client address.
      expect(await query(server.url(), 'select inet_client_addr() as addr')).toEqual([{ addr: null }]);
    } finally {
      await server.stop();
    }
    const deep = path.join(dir, 'd'.repeat(100));
    const tcp = await startEmbeddedPostgres({ dataDir: deep });
    try {
      expect(new URL(tcp.url()).searchParams.get('host')).toBeNull();
      expect(await query(tcp.url(), 'select inet_client_addr()::text as addr')).toEqual([
        { addr: '127.0.0.1/32' },
      ]);
    } finally {
      await tcp.stop();
    }
  }, 90_000);
});
