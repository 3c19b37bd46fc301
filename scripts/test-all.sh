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
# Steps that need nothing of each other, side by side: tsc, knip, dependency-cruiser and the crash
# scripts are single-threaded for most of their time, and two cores were half idle while each ran
# alone. Each one's output is printed whole when it ends; the group fails if any of them failed.
together() {
  local logs
  logs=$(mktemp -d)
  local names=() pids=()
  while [ $# -gt 0 ]; do
    local name=$1 command=$2
    shift 2
    names+=("$name")
    local log="$logs/${#pids[@]}"
    (
      started=$(date +%s)
      status=0
      bash -c "$command" >"$log.log" 2>&1 || status=$?
      echo $(($(date +%s) - started)) >"$log.seconds"
      exit "$status"
    ) &
    pids+=($!)
  done
  local failed=()
  for i in "${!pids[@]}"; do
    local status=0
    wait "${pids[$i]}" || status=$?
    echo "== ${names[$i]}"
    cat "$logs/$i.log"
    timings+=("$(printf '%5d s  %s' "$(cat "$logs/$i.seconds")" "${names[$i]} (side by side)")")
    if [ "$status" != 0 ]; then failed+=("${names[$i]}"); fi
  done
  rm -rf "$logs"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]}" >&2
    exit 1
  fi
}
started=$SECONDS
# The i18n keys' type file is generated first: the typecheck and the build both read it.
step "text keys" node scripts/generate-i18n-keys.ts
together \
  "lint" "npm run lint" \
  "typecheck" "npm run --silent typecheck" \
  "build" "npm run --silent build >/dev/null"
step "unit and server tests" npx vitest run
step "chromium" bash scripts/ensure-chromium.sh
step "browser journeys" npx playwright test
# The chat's: SIGKILL of the server mid-stream of sends, restart, resends (20 rounds in npm run bench).
# The mails': SIGKILL while the SMTP server holds a notification mail, restart: sent once, marked.
together \
  "chat durability" "node scripts/chat-durability.ts --rounds 5" \
  "mail durability" "node scripts/notification-mail-durability.ts"
echo
echo "== the suite's steps ($((SECONDS - started)) s in all)"
printf '%s\n' "${timings[@]}"
