#!/usr/bin/env bash
# A fresh product for the journeys: own data directory, demo members, test-only GeoIP override.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-.tmp/e2e-data}"
rm -rf "$DATA_DIR"
export NODE_ENV=production SEED_DEMO=${E2E_SEED_DEMO:-1} ALLOW_TEST_GEOIP=1 LOG_LEVEL=warn
export SMTP_URL="${E2E_SMTP_URL:-}"
# Node 24 from the project (npm scripts do this too), whatever node the shell has.
exec node_modules/.bin/node src/server/main.ts
