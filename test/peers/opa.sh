#!/usr/bin/env bash
# Installs the real OPA (the reference for Rego) with `go install` from the Go module proxy, once
# per version, and prints the path of its binary.
#   bash test/peers/opa.sh [version]   # default: the version Topaz 0.33.16 embeds
# Known versions: v1.15.2 (embedded by Topaz 0.33.16), v1.22.2 (the latest when pinned).
set -euo pipefail
. "$(dirname "$0")/common.sh"
version="${1:-v1.15.2}"
bin_dir="${PEERS_DIR}/opa-${version}"
if [ ! -x "${bin_dir}/opa" ]; then
  progress "installing OPA ${version} with go install (about a minute the first time)"
  GOBIN="${bin_dir}" go install "github.com/open-policy-agent/opa@${version}" >&2
fi
echo "${bin_dir}/opa"
