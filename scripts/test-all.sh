#!/usr/bin/env bash
# The whole test suite: lint, typecheck, unit/server tests, production build, browser journeys,
# and the chat's crash durability rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== lint" && npx biome check .
echo "== typecheck" && npm run --silent typecheck
echo "== unit and server tests" && npx vitest run
echo "== build" && npm run --silent build >/dev/null
echo "== browser journeys" && bash scripts/ensure-chromium.sh && npx playwright test
# SIGKILL of the server mid-stream of chat sends, restart, resends (20 rounds run in npm run bench).
echo "== chat durability" && node scripts/chat-durability.ts --rounds 5
