#!/usr/bin/env bash
# Installs the real Deno runtime from its npm package (the binary comes as an optional dependency;
# no install script runs), once per version, and prints the path of its executable.
#   bash test/peers/deno.sh [version]   # default 2.9.6
set -euo pipefail
. "$(dirname "$0")/common.sh"
version="${1:-2.9.6}"
dir="${PEERS_DIR}/deno-${version}"
if [ ! -x "${dir}/node_modules/.bin/deno" ]; then
  progress "installing Deno ${version} from npm (a download of about 50 MB the first time)"
  mkdir -p "${dir}"
  echo '{ "private": true }' > "${dir}/package.json"
  npm install --prefix "${dir}" --no-audit --no-fund --loglevel=error "deno@${version}" >&2
fi
echo "${dir}/node_modules/.bin/deno"
