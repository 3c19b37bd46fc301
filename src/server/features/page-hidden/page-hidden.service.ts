import pg from 'pg';
import { hasRefusedCharacters } from '../../../shared/contracts/text.ts';
import type { Database } from '../../db/client.ts';
import { pageEvents } from '../../db/schema/index.ts';
import { defineState } from '../../feature.ts';
import type { Logger } from '../../lib/jobs.ts';

type PageEvent = typeof pageEvents.$inferInsert;

export type PageEventWriter = {
  record: (event: PageEvent) => void;
  flush: () => Promise<void>;
  pending: () => number;
};

const MAX_BUFFER = 5_000;
export const PAGE_EVENT_PATH_MAX = 500;
const VISITOR_ID_MAX = 100;

/**
 * What is recorded is checked here too, not only by the route's schema: the visitor id comes from
 * a cookie (decoded, any bytes), and one value PostgreSQL refuses fails the insert of the batch.
 * An event without a usable path is dropped; a bad visitor id is dropped from its event.
 */
function cleanEvent(event: PageEvent): PageEvent | undefined {
  if (hasRefusedCharacters(event.path) || event.path.length > PAGE_EVENT_PATH_MAX) return undefined;
  const visitorId = event.visitorId;
  const visitorOk =
    typeof visitorId === 'string' && visitorId.length <= VISITOR_ID_MAX && !hasRefusedCharacters(visitorId);
  return visitorOk || visitorId == null ? event : { ...event, visitorId: null };
}

/**
 * Rows PostgreSQL refused for their values (SQLSTATE classes 22 data exception, 23 integrity
 * constraint): worth retrying without the culprit. Anything else (the database is down, a
 * timeout) would fail the same way for every part of the batch.
 */
const isRefusedValue = (error: unknown) => {
  const cause = error instanceof pg.DatabaseError ? error : (error as { cause?: unknown })?.cause;
  return cause instanceof pg.DatabaseError && /^2[23]/.test(cause.code ?? '');
};

/**
 * Beacons arrive on every tab switch, so they are buffered in memory and written in one insert
 * per second: a request costs a push onto an array. A crash loses at most a second of beacons,
 * which is acceptable for statistics; one bad row is not allowed to lose the second's others.
 */
export function createPageEventWriter(db: Database, log: Logger, intervalMs = 1_000): PageEventWriter {
  let buffer: PageEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  /** Inserts the rows; when a value is refused, halves the batch until the bad rows stand alone. */
  async function insertKeepingGood(batch: PageEvent[]): Promise<{ lost: number; error?: unknown }> {
    try {
      await db.insert(pageEvents).values(batch);
      return { lost: 0 };
    } catch (error) {
      if (batch.length === 1 || !isRefusedValue(error)) return { lost: batch.length, error };
      const middle = Math.ceil(batch.length / 2);
      const first = await insertKeepingGood(batch.slice(0, middle));
      const second = await insertKeepingGood(batch.slice(middle));
      return { lost: first.lost + second.lost, error: first.error ?? second.error };
    }
  }

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = buffer;
    buffer = [];
    if (batch.length === 0) return writing;
    writing = writing
      .then(() => insertKeepingGood(batch))
      .then(({ lost, error }) => {
        if (lost > 0) log.error({ err: error, lost, of: batch.length }, 'page events not stored');
      })
      .catch((err) => log.error({ err, lost: batch.length }, 'page events not stored'));
    return writing;
  };

  return {
    record: (event) => {
      if (buffer.length >= MAX_BUFFER) return;
      const clean = cleanEvent(event);
      if (!clean) return;
      buffer.push(clean);
      timer ??= setTimeout(() => void flush(), intervalMs);
    },
    flush,
    pending: () => buffer.length,
  };
}

/** The app's beacon buffer; what it holds is written out when the services close. */
export const pageEventsState = defineState(
  'page-hidden.events',
  ({ db, log }) => createPageEventWriter(db, log),
  { close: (writer) => writer.flush() },
);
