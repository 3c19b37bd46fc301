#!/usr/bin/env bash
# The whole test suite: lint, typecheck, unit/server tests, production build, browser journeys,
# and the crash rounds of the chat and the notification mails. Each step's time is printed at the
# end (docs/performance.md, "The test suite"), with the slowest test files and journeys printed by
# their own runners.
set -euo pipefail
cd "$(dirname "$0")/.."
timings=()
step() {
  local name=$1
  shift
  echo "== $name"
  local started=$SECONDS
  "$@"
  timings+=("$(printf '%5d s  %s' $((SECONDS - started)) "$name")")
}
started=$SECONDS
step "lint" npm run lint
step "typecheck" npm run --silent typecheck
step "unit and server tests" npx vitest run
step "build" bash -c 'npm run --silent build >/dev/null'
step "chromium" bash scripts/ensure-chromium.sh
step "browser journeys" npx playwright test
# SIGKILL of the server mid-stream of chat sends, restart, resends (20 rounds run in npm run bench).
step "chat durability" node scripts/chat-durability.ts --rounds 5
# SIGKILL of the server while the SMTP server holds a notification mail, restart: sent once, marked.
step "mail durability" node scripts/notification-mail-durability.ts
echo
echo "== the suite's steps ($((SECONDS - started)) s in all)"
printf '%s\n' "${timings[@]}"
