#!/usr/bin/env bash
# Runs a command with another Node.js release first on PATH (installed and cached by
# test/peers/node.sh), so that the command, every `node` it starts and every child it spawns with
# `process.execPath` run on that release.
#   bash test/support/on-node.sh 22.23.5 vitest run
set -euo pipefail
version="${1:?usage: on-node.sh <version> <command> [arguments…]}"
shift
node_bin="$(bash "$(dirname "$0")/../peers/node.sh" "${version}")"
# npm looks for its global configuration (a registry, a certificate authority) beside the node
# that runs it: keep the machine's.
if [ -z "${NPM_CONFIG_GLOBALCONFIG:-}" ] && command -v npm > /dev/null; then
  NPM_CONFIG_GLOBALCONFIG="$(npm config get globalconfig)"
  export NPM_CONFIG_GLOBALCONFIG
fi
PATH="$(dirname "${node_bin}"):${PATH}"
export PATH
if [ "$(node --version)" != "v${version}" ]; then
  echo "on-node.sh: node on PATH is $(node --version), not v${version}" >&2
  exit 1
fi
exec "$@"
