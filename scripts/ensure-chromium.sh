#!/usr/bin/env bash
# Playwright drives Debian's Chromium (its own browser download cannot reach the network here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
