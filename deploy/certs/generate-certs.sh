#!/bin/sh
# One-shot job of the compose stack (service `certs`): creates a private certificate authority and
# the TLS certificates of Topaz and Keycloak, once; later runs keep what is there.
#
#   $CA_DIR/ca.crt              the CA certificate (public: the app and the manifest job trust it)
#   $TLS_DIR/ca.crt             the same, for Topaz's tls_ca_cert_path
#   $TLS_DIR/topaz.crt|key      Topaz's gRPC (8282, 9292) and REST gateway (8383, 9393) certificate
#   $TLS_DIR/keycloak.crt|key   Keycloak's HTTPS certificate; the key belongs to $KEYCLOAK_UID
#
# The CA's private key never leaves this job: it is deleted once both certificates are signed, so
# nothing else can ever be issued under it. To start over, remove the volumes
# (`docker compose down --volumes`).
set -eu

CA_DIR=${CA_DIR:-/out/ca}
TLS_DIR=${TLS_DIR:-/out/tls}
# Keycloak's container runs as uid 1000, gid 0.
KEYCLOAK_UID=${KEYCLOAK_UID:-1000}
KEYCLOAK_GID=${KEYCLOAK_GID:-0}

if [ -s "$CA_DIR/ca.crt" ] && [ -s "$TLS_DIR/topaz.key" ] && [ -s "$TLS_DIR/keycloak.key" ]; then
  echo "certs: certificates already present in $CA_DIR and $TLS_DIR; keeping them"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 077

openssl req -x509 -new -newkey rsa:3072 -nodes -sha256 -days 3650 \
  -subj "/CN=Gatehouse compose stack CA" \
  -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
  -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -keyout "$work/ca.key" -out "$work/ca.crt" 2>/dev/null

# issue NAME SUBJECT_ALT_NAMES: a server certificate signed by the CA.
issue() {
  printf '%s\n' \
    "basicConstraints=critical,CA:FALSE" \
    "keyUsage=critical,digitalSignature,keyEncipherment" \
    "extendedKeyUsage=serverAuth" \
    "subjectAltName=$2" >"$work/$1.ext"
  openssl req -new -newkey rsa:2048 -nodes -sha256 -subj "/CN=$1" \
    -keyout "$work/$1.key" -out "$work/$1.csr" 2>/dev/null
  openssl x509 -req -sha256 -days 825 -in "$work/$1.csr" \
    -CA "$work/ca.crt" -CAkey "$work/ca.key" -CAcreateserial \
    -extfile "$work/$1.ext" -out "$work/$1.crt" 2>/dev/null
}

# Topaz is dialled as topaz:8282 / topaz:9292 inside the stack and as localhost from the host.
issue topaz "DNS:topaz,DNS:localhost,IP:127.0.0.1"
# keycloak.localhost is the one name the browser and the app both use (see compose.yaml).
issue keycloak "DNS:keycloak.localhost,DNS:localhost,IP:127.0.0.1"

install -m 0444 "$work/ca.crt" "$TLS_DIR/ca.crt"
install -m 0444 "$work/topaz.crt" "$TLS_DIR/topaz.crt"
install -m 0400 "$work/topaz.key" "$TLS_DIR/topaz.key"
install -m 0444 "$work/keycloak.crt" "$TLS_DIR/keycloak.crt"
install -m 0400 -o "$KEYCLOAK_UID" -g "$KEYCLOAK_GID" "$work/keycloak.key" "$TLS_DIR/keycloak.key"
# Written last: its presence (with the keys) marks a complete run.
install -m 0444 "$work/ca.crt" "$CA_DIR/ca.crt"

echo "certs: issued a new CA and the certificates of topaz and keycloak.localhost"
