#!/usr/bin/env bash
# A fresh product for the journeys: own data directory, demo members, a real local SMTP server,
# and the test-only GeoIP override. Each Playwright worker starts one (e2e/servers.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-.tmp/e2e-data}"
rm -rf "$DATA_DIR"
export E2E_SMTP_PORT="${E2E_SMTP_PORT:-2525}"
# Node 24 from the project (npm scripts do this too), whatever node the shell has.
NODE=node_modules/.bin/node
$NODE e2e/smtp-sink.ts &
SINK=$!
SERVER=
trap 'kill $SINK ${SERVER:+$SERVER} 2>/dev/null || true' EXIT
export NODE_ENV=production SEED_DEMO=${E2E_SEED_DEMO:-1} ALLOW_TEST_GEOIP=1 LOG_LEVEL=warn
# The journeys log in with the README's demo passwords, which a production start otherwise replaces
# with random ones (docs/decisions/0039); allowed for a server on this machine only.
export DEMO_README_PASSWORDS=1
# Every journey comes from 127.0.0.1; the per-IP sign-up and login limits themselves are covered by
# the server tests (two-member journeys log in twice within seconds, dozens of times a run).
export SIGNUP_RATE_LIMIT=1000 LOGIN_RATE_LIMIT=1000
# The journeys' own browsers keep the cores busy: at idle priority a login's hash would wait for them.
export BACKGROUND_PRIORITY=normal
# A journey's commits need not wait for the disk: nothing here survives the run, and with three
# servers on one disk the fsyncs queued behind each other (docs/performance.md, "The test suite").
export EMBEDDED_DB_FSYNC=${E2E_DB_FSYNC:-0}
export SMTP_URL="smtp://127.0.0.1:${E2E_SMTP_PORT}"
export PUBLIC_URL="http://localhost:${PORT:-3210}"

# The demo data is made once per run and copied (E2E_TEMPLATE_DIR, set by playwright.config.ts):
# seeding 320 members and their photos takes half a minute of both cores, once instead of per
# worker. The first server to take the lock seeds a data directory of its own and stops it
# cleanly; every server then starts on a copy.
if [ -n "${E2E_TEMPLATE_DIR:-}" ] && [ "$SEED_DEMO" = 1 ]; then
  mkdir -p "$(dirname "$E2E_TEMPLATE_DIR")"
  exec 9>"$E2E_TEMPLATE_DIR.lock"
  flock 9
  if [ ! -f "$E2E_TEMPLATE_DIR/.seeded" ]; then
    # Earlier runs' templates go.
    find .tmp -maxdepth 1 -name 'e2e-template-*' ! -name "$(basename "$E2E_TEMPLATE_DIR")*" -exec rm -rf {} +
    rm -rf "$E2E_TEMPLATE_DIR"
    # On a port of its own: on the worker's port, Playwright would take this short-lived server
    # for the worker's and start journeys that then met a closed port.
    TEMPLATE_PORT=$(( ${PORT:-3210} + 50 ))
    DATA_DIR="$E2E_TEMPLATE_DIR" PORT=$TEMPLATE_PORT $NODE src/server/main.ts &
    SERVER=$!
    $NODE -e '
      const url = process.argv[1];
      const until = Date.now() + 170_000;
      (async () => {
        for (;;) {
          try { if ((await fetch(url)).ok) return; } catch {}
          if (Date.now() > until) { console.error("the template server did not start"); process.exit(1); }
          await new Promise((r) => setTimeout(r, 200));
        }
      })();' "http://localhost:$TEMPLATE_PORT/api/health.php"
    # A clean stop: PostgreSQL checkpoints and leaves no postmaster.pid to copy.
    kill -TERM "$SERVER"
    wait "$SERVER"
    SERVER=
    touch "$E2E_TEMPLATE_DIR/.seeded"
  fi
  flock -u 9
  mkdir -p "$DATA_DIR"
  cp -a "$E2E_TEMPLATE_DIR/." "$DATA_DIR/"
fi
$NODE src/server/main.ts
