#!/usr/bin/env bash
# A fresh product for the journeys: own data directory, demo members, a real local SMTP server,
# and the test-only GeoIP override.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-.tmp/e2e-data}"
rm -rf "$DATA_DIR"
export E2E_SMTP_PORT="${E2E_SMTP_PORT:-2525}"
# Node 24 from the project (npm scripts do this too), whatever node the shell has.
node_modules/.bin/node e2e/smtp-sink.ts &
SINK=$!
trap 'kill $SINK 2>/dev/null || true' EXIT
export NODE_ENV=production SEED_DEMO=${E2E_SEED_DEMO:-1} ALLOW_TEST_GEOIP=1 LOG_LEVEL=warn
# Every journey comes from 127.0.0.1; the per-IP sign-up and login limits themselves are covered by
# the server tests (two-member journeys log in twice within seconds, dozens of times a run).
export SIGNUP_RATE_LIMIT=1000 LOGIN_RATE_LIMIT=1000
export SMTP_URL="smtp://127.0.0.1:${E2E_SMTP_PORT}"
export PUBLIC_URL="http://localhost:${PORT:-3210}"
node_modules/.bin/node src/server/main.ts
