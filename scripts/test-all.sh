#!/usr/bin/env bash
# The whole test suite: lint, typecheck, unit/server tests, production build, browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== lint" && npx biome check .
echo "== typecheck" && npm run --silent typecheck
echo "== unit and server tests" && npx vitest run
echo "== build" && npm run --silent build >/dev/null
echo "== browser journeys" && bash scripts/ensure-chromium.sh && npx playwright test
