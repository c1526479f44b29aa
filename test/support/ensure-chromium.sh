#!/usr/bin/env bash
# Before `npm test`: makes sure the browser tests (test/ui-*.test.ts) have a Chromium. Does nothing
# when CHROME_PATH or a system Chromium/Chrome is there; as root on Debian or Ubuntu it installs the
# `chromium` package quietly through apt-get; anywhere else it says how to get one and lets the
# tests run (the browser tests then fail, naming the ways; `npm run test:unit` needs no browser).
set -euo pipefail

if [ -n "${CHROME_PATH:-}" ]; then
  exit 0
fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable \
  "/Applications/Chromium.app/Contents/MacOS/Chromium" "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; do
  if [ -x "${candidate}" ]; then
    exit 0
  fi
done
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
  test -x /usr/bin/chromium
  exit 0
fi
cat >&2 <<'TEXT'
[ensure-chromium] No Chromium found; the browser tests will fail until there is one:
  - set CHROME_PATH to a Chromium or Chrome executable, or
  - npx playwright install chromium, or
  - sudo apt-get install chromium (Debian, Ubuntu), or brew install --cask chromium (macOS).
  npm run test:unit runs every test that needs no browser.
TEXT
