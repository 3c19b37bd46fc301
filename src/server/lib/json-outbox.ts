import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A development outbox: one JSON file per message in a directory of DATA_DIR (mails, SMS), named
 * by time so the newest sort last, listed by the /dev pages and read by the tests and the demo.
 */
/**
 * Messages written in the same millisecond (an SMS and its resend, two mails of one change) would
 * otherwise sort by their random suffix: a counter of this process keeps them in the order written.
 */
let written = 0;

export function jsonOutbox<T extends object>(dir: string) {
  return {
    /** Writes one message; answers its id (its file's name). */
    write: async (message: T): Promise<T & { id: string; date: string }> => {
      await fs.mkdir(dir, { recursive: true });
      const date = new Date().toISOString();
      written += 1;
      const id = `${date.replace(/[:.]/g, '-')}-${String(written).padStart(9, '0')}-${randomUUID().slice(0, 8)}`;
      const stored = { id, date, ...message };
      // Written under a temporary name first so a reader never sees half a message.
      const file = path.join(dir, `${id}.json`);
      await fs.writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
      await fs.rename(`${file}.tmp`, file);
      return stored;
    },
    /** The newest 200, newest first. */
    list: async (): Promise<(T & { id: string; date: string })[]> => {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const files = names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 200);
      return Promise.all(files.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8'))));
    },
  };
}
