#!/usr/bin/env bash
# Installs the real Bun runtime from its npm package (the binary comes as an optional dependency;
# no install script runs), once per version, and prints the path of its executable.
#   bash test/peers/bun.sh [version]   # default 1.4.4
set -euo pipefail
. "$(dirname "$0")/common.sh"
version="${1:-1.4.4}"
dir="${PEERS_DIR}/bun-${version}"
if [ ! -x "${dir}/node_modules/.bin/bun" ]; then
  progress "installing Bun ${version} from npm (a download of about 50 MB the first time)"
  mkdir -p "${dir}"
  echo '{ "private": true }' > "${dir}/package.json"
  npm install --prefix "${dir}" --no-audit --no-fund --loglevel=error "bun@${version}" >&2
fi
echo "${dir}/node_modules/.bin/bun"
