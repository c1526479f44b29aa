#!/usr/bin/env bash
# Makes sure Debian's chromium is installed for the browser tests (test/ui-*.test.ts): exits 0 at
# once when /usr/bin/chromium is there, otherwise installs the `chromium` package quietly through
# apt-get (as root; anyone else gets the command to run).
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing: run this script as root, or: sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
test -x /usr/bin/chromium
