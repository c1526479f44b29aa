#!/usr/bin/env bash
# Installs the real Keycloak (the org.keycloak:keycloak-quarkus-dist zip from Maven Central, through
# Maven, run with the machine's Java 17), once per version, and prints the path of its home folder
# (start it with <home>/bin/kc.sh).
#   bash test/peers/keycloak.sh [version]   # default 26.4.7
set -euo pipefail
. "$(dirname "$0")/common.sh"
version="${1:-26.4.7}"
home="${PEERS_DIR}/keycloak-${version}"
if [ ! -x "${home}/bin/kc.sh" ]; then
  progress "installing Keycloak ${version} from Maven Central"
  staging="$(mktemp -d "${PEERS_DIR}/keycloak-download.XXXXXX")"
  trap 'rm -rf "${staging}"' EXIT
  mvn -q dependency:copy "-Dartifact=org.keycloak:keycloak-quarkus-dist:${version}:zip" \
    "-DoutputDirectory=${staging}" >&2
  (cd "${staging}" && unzip -q "keycloak-quarkus-dist-${version}.zip")
  rm -rf "${home}"
  mv "${staging}/keycloak-${version}" "${home}"
fi
echo "${home}"
