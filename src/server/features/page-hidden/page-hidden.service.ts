import type { Database } from '../../db/client.ts';
import { pageEvents } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/jobs.ts';

type PageEvent = typeof pageEvents.$inferInsert;

export type PageEventWriter = {
  record: (event: PageEvent) => void;
  flush: () => Promise<void>;
  pending: () => number;
};

const MAX_BUFFER = 5_000;

/**
 * Beacons arrive on every tab switch, so they are buffered in memory and written in one insert
 * per second: a request costs a push onto an array. A crash loses at most a second of beacons,
 * which is acceptable for statistics.
 */
export function createPageEventWriter(db: Database, log: Logger, intervalMs = 1_000): PageEventWriter {
  let buffer: PageEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = buffer;
    buffer = [];
    if (batch.length === 0) return writing;
    writing = writing
      .then(() => db.insert(pageEvents).values(batch))
      .then(() => undefined)
      .catch((err) => log.error({ err: String(err), lost: batch.length }, 'page events not stored'));
    return writing;
  };

  return {
    record: (event) => {
      if (buffer.length >= MAX_BUFFER) return;
      buffer.push(event);
      timer ??= setTimeout(() => void flush(), intervalMs);
    },
    flush,
    pending: () => buffer.length,
  };
}
