#!/usr/bin/env bash
# Shared by the peer installers beside this file: the cache folder that keeps installed peers
# between runs (GATEHOUSE_PEERS_DIR, default ~/.cache/gatehouse-peers) and a progress line on
# stderr. Every installer prints only the path of what it installed on stdout.
set -euo pipefail
PEERS_DIR="${GATEHOUSE_PEERS_DIR:-${HOME}/.cache/gatehouse-peers}"
mkdir -p "${PEERS_DIR}"

progress() {
  echo "[peers] $*" >&2
}
