import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOutbox } from './json-outbox.ts';

describe('the development outbox', () => {
  it('lists messages written in the same millisecond newest first, in the order they were written', async () => {
    // The SMS outbox's test failed once in a full run: two sends in one millisecond sorted by chance.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const outbox = jsonOutbox<{ n: number }>(dir);
    for (let n = 0; n < 40; n += 1) await outbox.write({ n });
    expect((await outbox.list()).map((m) => m.n)).toEqual(Array.from({ length: 40 }, (_, i) => 39 - i));
    await fs.rm(dir, { recursive: true, force: true });
  });
});
