import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { disableFeaturesFlag } from './e2e/chromium-flags.ts';
import { E2E_WORKERS, e2eServer } from './e2e/servers.ts';

const servers = Array.from({ length: E2E_WORKERS }, (_, slot) => e2eServer(slot));
// The demo data each server starts with, seeded once per run by the first of them (start-server.sh).
process.env.E2E_RUN_ID ??= String(Date.now());
const templateDir = path.resolve(`.tmp/e2e-template-${process.env.E2E_RUN_ID}`);

export default defineConfig({
  testDir: 'e2e',
  // A journey's timeout ends a hung journey; it does not judge speed. Two members' journeys took
  // 20–26 s with two workers on two cores, so 30 s failed them whenever the machine was busier; with
  // three workers beside the crawl, the live chat journey (two members, six axe checks) passed 60 s
  // on a slow night and failed on its timeout alone.
  timeout: 120_000,
  // The same for each wait: it ends a wait for what will never come, it does not judge speed. 7 s
  // failed a journey whose search results, and on its retry a login's redirect, came after 7–8 s
  // while the crawl and two other journeys kept both cores busy (a chain of five route chunks, each
  // fetched and compiled in turn). A wait that is met returns at once, so a longer one costs a
  // passing run nothing.
  expect: { timeout: 20_000 },
  // Files are shared out among the workers, each with a server of its own (e2e/servers.ts); the
  // journeys of one file run in order, as they were written.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // A journey that passes only when retried is a race to fix, not a pass: the run fails and names
  // it as flaky. The retry tells a race from a break, and records the trace to look at.
  retries: 1,
  failOnFlakyTests: true,
  reporter: [[process.env.CI ? 'line' : 'list'], ['./e2e/slowest-reporter.ts']],
  use: {
    // Each worker's own server: the fixtures set baseURL per worker (e2e/fixtures.ts).
    baseURL: servers[0]?.url,
    // Recording a trace (a screencast of every step) took half of Chromium's CPU and a third of
    // the runner's in every journey: only the retry of a failed one records it.
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser download cannot reach the network here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        // The address bar's preloaded popup off (a renderer per window no journey shows).
        disableFeaturesFlag,
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: servers.map((server) => ({
    command: 'bash e2e/start-server.sh',
    url: `${server.url}/api/health.php`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      E2E_DATA_DIR: server.dataDir,
      E2E_MAIL_DIR: server.mailDir,
      E2E_SMTP_PORT: String(server.smtpPort),
      E2E_TEMPLATE_DIR: templateDir,
      PUSH_SERVICE_URL: server.pushServiceUrl,
    },
  })),
});
