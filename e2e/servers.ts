import path from 'node:path';

/**
 * The journeys run side by side: each Playwright worker has a product of its own (server, embedded
 * PostgreSQL, demo members, SMTP sink, outboxes), so no journey sees another's changes, whichever
 * worker runs it. The number of workers is E2E_WORKERS, 3 by default on the 2-core machine the
 * suite is kept within 15 minutes on: with two, a quarter of the CPU stayed idle while journeys
 * waited for pages (docs/performance.md, "The test suite").
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);

export type E2eServer = {
  port: number;
  url: string;
  smtpPort: number;
  /** The server's DATA_DIR (its database, media, SMS outbox). */
  dataDir: string;
  /** Where the server's SMTP sink writes the mails it receives. */
  mailDir: string;
  /**
   * The server's PUSH_SERVICE_URL: every web push goes here, to a double the push journey runs
   * (headless Chromium cannot subscribe at a real push service). Nothing listens in other journeys.
   */
  pushServiceUrl: string;
};

/** The server of a worker slot (Playwright's parallelIndex: 0 … workers − 1). */
export function e2eServer(slot: number): E2eServer {
  const port = BASE_PORT + slot;
  return {
    port,
    url: `http://localhost:${port}`,
    smtpPort: BASE_SMTP_PORT + slot,
    dataDir: path.resolve(`.tmp/e2e-data-${slot}`),
    mailDir: path.resolve(`.tmp/e2e-mail-${slot}`),
    // Beside the template server's port (+50).
    pushServiceUrl: `http://127.0.0.1:${port + 60}`,
  };
}
