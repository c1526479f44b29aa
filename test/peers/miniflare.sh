#!/usr/bin/env bash
# Installs Miniflare (Cloudflare's local Workers simulator, running the real workerd runtime) from
# npm, once per version, and prints the path of its package folder (import it from there).
#   bash test/peers/miniflare.sh [version]   # default 4.20260730.0
set -euo pipefail
. "$(dirname "$0")/common.sh"
version="${1:-4.20260730.0}"
dir="${PEERS_DIR}/miniflare-${version}"
if [ ! -f "${dir}/node_modules/miniflare/package.json" ]; then
  progress "installing Miniflare ${version} (with workerd) from npm (about 100 MB the first time)"
  mkdir -p "${dir}"
  echo '{ "private": true }' > "${dir}/package.json"
  npm install --prefix "${dir}" --no-audit --no-fund --loglevel=error "miniflare@${version}" >&2
fi
echo "${dir}/node_modules/miniflare"
