#!/usr/bin/env bash
# Installs actionlint (the GitHub Actions workflow linter) from the Go module proxy into the peers
# cache and prints the path of its binary.
#   bash test/peers/actionlint.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

version=v1.7.12
bin="${PEERS_DIR}/actionlint-${version}/actionlint"
if [ ! -x "${bin}" ]; then
  progress "installing actionlint ${version} with go install (a minute the first time)"
  GOBIN="$(dirname "${bin}")" GOFLAGS=-mod=mod go install "github.com/rhysd/actionlint/cmd/actionlint@${version}" >&2
fi
echo "${bin}"
