/**
 * `providers.aws.sign_req`: an `http.send` request object signed with AWS Signature Version 4,
 * exactly as OPA signs it (its canonical request, headers kept, `Authorization` and `x-amz-*`
 * headers added), with SHA-256 and HMAC from `@noble/hashes`.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { BuiltinDefinition } from '../builtin.ts';
import {
  isObject,
  makeObject,
  type ObjectValue,
  objectEntries,
  objectGet,
  SetValue,
  type Value,
} from '../value/index.ts';
import { writeJson } from './json-text.ts';
import { builtinError, defineFunction, objectArg, operandError, typeError } from './operands.ts';
import { regoText } from './rego-text.ts';

const NAME = 'providers.aws.sign_req';
const encoder = new TextEncoder();

/** The request keys `http.send` accepts, which OPA checks here too. */
const REQUEST_KEYS = new Set(
  `method url body enable_redirect force_json_decode force_yaml_decode headers raw_body
  tls_use_system_certs tls_ca_cert tls_ca_cert_file tls_ca_cert_env_variable tls_client_cert
  tls_client_cert_file tls_client_cert_env_variable tls_client_key tls_client_key_file
  tls_client_key_env_variable tls_insecure_skip_verify tls_server_name timeout cache force_cache
  force_cache_duration_seconds raise_error caching_mode max_retry_attempts cache_ignored_headers`.split(
    /\s+/,
  ),
);
const CONFIG_KEYS = ['aws_access_key', 'aws_region', 'aws_secret_access_key', 'aws_service'];
const IGNORED_HEADERS = new Set(['authorization', 'user-agent', 'x-amzn-trace-id']);

function setText(names: Iterable<string>): string {
  return regoText(new SetValue(names));
}

function text(v: Value | undefined): string {
  return typeof v === 'string' ? v : '';
}

function checkConfig(config: ObjectValue): void {
  const missing = CONFIG_KEYS.filter((k) => objectGet(config, k) === undefined);
  if (missing.length > 0)
    throw operandError(NAME, 2, `missing required AWS config parameters(s): ${setText(missing)}`);
  const invalid = CONFIG_KEYS.filter((k) => typeof objectGet(config, k) !== 'string');
  if (invalid.length > 0)
    throw operandError(NAME, 2, `invalid values for required AWS config parameters(s): ${setText(invalid)}`);
}

function checkRequest(request: ObjectValue): void {
  const keys = objectEntries(request).map(([k]) => k);
  const invalid = keys.filter((k) => typeof k !== 'string' || !REQUEST_KEYS.has(k));
  if (invalid.length > 0)
    throw operandError(NAME, 1, `invalid request parameters(s): ${regoText(new SetValue(invalid))}`);
  const missing = ['method', 'url'].filter((k) => objectGet(request, k) === undefined);
  if (missing.length > 0)
    throw operandError(NAME, 1, `missing required request parameters(s): ${setText(missing)}`);
}

/** Go's `url.URL.EscapedPath` and `Host` and `RawQuery` of an absolute or relative URL. */
function urlParts(raw: string): { host: string; path: string; query: string } {
  const m = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?/.exec(
    raw,
  ) as RegExpExecArray;
  const authority = m[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const rawPath = m[2] ?? '';
  if (/%(?![0-9A-Fa-f]{2})/.test(rawPath)) {
    const bad = /%.{0,2}/.exec(rawPath.slice(rawPath.search(/%(?![0-9A-Fa-f]{2})/)))?.[0] ?? '%';
    throw builtinError(NAME, `parse ${JSON.stringify(raw)}: invalid URL escape ${JSON.stringify(bad)}`);
  }
  const validEncoded = /^(?:[A-Za-z0-9\-_.~!$&'()*+,;=:@[\]/]|%[0-9A-Fa-f]{2})*$/.test(rawPath);
  const path = validEncoded ? rawPath : escapePath(decodeURIComponent(rawPath));
  return { host, path, query: m[3] ?? '' };
}

/** Go's `url.PathEscape`-like escaping in path mode (`/` and sub-delimiters kept). */
function escapePath(path: string): string {
  let out = '';
  for (const b of encoder.encode(path)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~$&+,/:;=@]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function utcStamp(ns: bigint): { date: string; time: string } {
  const ms = ns / 1_000_000n - (ns < 0n && ns % 1_000_000n !== 0n ? 1n : 0n);
  const iso = new Date(Number(ms)).toISOString();
  const date = iso.slice(0, 10).replace(/-/g, '');
  return { date, time: `${date}T${iso.slice(11, 19).replace(/:/g, '')}Z` };
}

function mac(key: Uint8Array, data: string): Uint8Array {
  return hmac(sha256, key, encoder.encode(data));
}

function signRequest(args: readonly Value[]): Value {
  const request = objectArg(NAME, args, 0);
  const config = objectArg(NAME, args, 1);
  checkConfig(config);
  const stamp = args[2] as Value;
  if (typeof stamp !== 'number' && typeof stamp !== 'bigint') throw typeError(NAME, 1, stamp, 'number');
  if (typeof stamp === 'number' && !Number.isInteger(stamp))
    throw operandError(NAME, 3, 'could not convert time_ns value into a unix timestamp');
  checkRequest(request);
  const headersValue = objectGet(request, 'headers') ?? {};
  if (!isObject(headersValue)) throw typeError(NAME, 0, headersValue, 'object');
  const url = objectGet(request, 'url');
  const method = objectGet(request, 'method');
  const invalid = [typeof url !== 'string' ? 'url' : '', typeof method !== 'string' ? 'method' : ''].filter(
    Boolean,
  );
  if (invalid.length > 0)
    throw operandError(NAME, 1, `invalid values for required request parameters(s): ${setText(invalid)}`);
  const { host, path, query } = urlParts(url as string);
  const rawBody = objectGet(request, 'raw_body');
  const body = objectGet(request, 'body');
  const payload = rawBody !== undefined ? text(rawBody) : body !== undefined ? writeJson(body) : '';
  const unsigned = objectGet(config, 'disable_payload_signing');
  if (unsigned !== undefined && typeof unsigned !== 'boolean')
    throw operandError(NAME, 2, "invalid value for 'disable_payload_signing' in AWS config");

  const service = text(objectGet(config, 'aws_service'));
  const region = text(objectGet(config, 'aws_region'));
  const token = text(objectGet(config, 'aws_session_token'));
  const { date, time } = utcStamp(BigInt(stamp));
  const contentHash = unsigned === true ? 'UNSIGNED-PAYLOAD' : bytesToHex(sha256(encoder.encode(payload)));
  const awsHeaders = new Map<string, string>([
    ['host', host],
    ['x-amz-date', time],
  ]);
  if (service === 's3' || service === 'glacier') awsHeaders.set('x-amz-content-sha256', contentHash);
  if (token !== '') awsHeaders.set('x-amz-security-token', token);
  const original = objectEntries(headersValue).map(([k, v]) => [text(k), text(v)] as const);
  const toSign = new Map(awsHeaders);
  for (const [k, v] of original) if (!IGNORED_HEADERS.has(k.toLowerCase())) toSign.set(k.toLowerCase(), v);
  const names = [...toSign.keys()].sort();
  const canonical = [
    method,
    path,
    query,
    ...names.map((k) => `${k}:${toSign.get(k)}`),
    '',
    names.join(';'),
    contentHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSignText = `AWS4-HMAC-SHA256\n${time}\n${scope}\n${bytesToHex(sha256(encoder.encode(canonical)))}`;
  let key = mac(encoder.encode(`AWS4${text(objectGet(config, 'aws_secret_access_key'))}`), date);
  for (const part of [region, service, 'aws4_request']) key = mac(key, part);
  const signature = bytesToHex(mac(key, toSignText));
  const authorization = `AWS4-HMAC-SHA256 Credential=${text(objectGet(config, 'aws_access_key'))}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`;
  const headers = makeObject([...original, ['Authorization', authorization], ...awsHeaders]);
  return makeObject([...objectEntries(request).filter(([k]) => k !== 'headers'), ['headers', headers]]);
}

/** `providers.aws.sign_req`. */
export const awsSigningBuiltins: readonly BuiltinDefinition[] = [defineFunction(NAME, 3, signRequest)];
