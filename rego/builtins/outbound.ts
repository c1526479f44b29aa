/**
 * Built-ins that reach outside the process: `http.send` and `net.lookup_ip_addr`. Both are off
 * unless the engine is given a transport: then `http.send` reaches only the allowed hosts. A call
 * that is off, refused or fails stops the whole evaluation (never an undefined expression a `not`
 * could turn into an allow), unless the request says `raise_error: false`, as in OPA. Policies and
 * tests replace either built-in with `with`. An IP literal needs no lookup, so
 * `net.lookup_ip_addr` answers it as Go's resolver does.
 */
import { type BuiltinDefinition, BuiltinError } from '../builtin.ts';
import {
  isObject,
  makeObject,
  type ObjectValue,
  objectEntries,
  objectGet,
  SetValue,
  type Value,
} from '../value/index.ts';
import { JsonSyntaxError, parseJson, writeJson } from './json-text.ts';
import { formatIP, parseIP } from './net/index.ts';
import { defineFunction, objectArg, operandError, stringArg } from './operands.ts';
import { regoText } from './rego-text.ts';

/** A request `http.send` hands to its transport. */
export interface OutboundRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string | undefined;
  readonly timeoutMs: number;
}

/** What the transport answers. */
export interface OutboundResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
}

/** Synchronous transports (evaluation is synchronous); absent ones leave their built-in off. */
export interface OutboundCalls {
  /** `http.send`: the hosts (`name` or `name:port`) it may reach, and the transport. */
  readonly http?: {
    readonly allowedHosts: readonly string[];
    readonly send: (request: OutboundRequest) => OutboundResponse;
  };
  /** `net.lookup_ip_addr` for names that are not IP literals. */
  readonly lookupIpAddr?: (name: string) => readonly string[];
}

const REQUEST_KEYS = new Set(
  `method url body enable_redirect force_json_decode force_yaml_decode headers raw_body
  tls_use_system_certs tls_ca_cert tls_ca_cert_file tls_ca_cert_env_variable tls_client_cert
  tls_client_cert_file tls_client_cert_env_variable tls_client_key tls_client_key_file
  tls_client_key_env_variable tls_insecure_skip_verify tls_server_name timeout cache force_cache
  force_cache_duration_seconds raise_error caching_mode max_retry_attempts cache_ignored_headers`.split(
    /\s+/,
  ),
);
/** Options whose meaning (TLS material, redirects to other hosts) this engine does not give. */
const REFUSED_KEYS = [...REQUEST_KEYS].filter((k) => k.startsWith('tls_') || k === 'enable_redirect');
const DEFAULT_TIMEOUT_MS = 5_000;

function halt(name: string, message: string): BuiltinError {
  return new BuiltinError('eval_builtin_error', `${name}: ${message}`, { halt: true });
}

function disabled(name: string): BuiltinError {
  return halt(
    name,
    `outbound calls are disabled in this engine; replace the built-in with \`with ${name} as …\``,
  );
}

function checkRequest(request: ObjectValue): void {
  const keys = objectEntries(request).map(([k]) => k);
  const invalid = keys.filter((k) => typeof k !== 'string' || !REQUEST_KEYS.has(k));
  if (invalid.length > 0)
    throw operandError('http.send', 1, `invalid request parameters(s): ${regoText(new SetValue(invalid))}`);
  const missing = ['method', 'url'].filter((k) => objectGet(request, k) === undefined);
  if (missing.length > 0)
    throw operandError(
      'http.send',
      1,
      `missing required request parameters(s): ${regoText(new SetValue(missing))}`,
    );
  for (const key of REFUSED_KEYS) {
    const v = objectGet(request, key);
    if (v !== undefined && v !== false && v !== '')
      throw halt('http.send', `request parameter ${key} is not supported`);
  }
}

function timeoutOf(request: ObjectValue): number {
  const t = objectGet(request, 'timeout');
  if (t === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof t === 'number' || typeof t === 'bigint') return Number(t) / 1e6;
  throw halt('http.send', 'timeout must be a number of nanoseconds');
}

function allowedHost(url: string, allowed: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return allowed.includes(parsed.host) || allowed.includes(parsed.hostname);
}

function responseValue(res: OutboundResponse, forceJson: boolean): Value {
  const headers = new Map<string, string[]>();
  for (const [k, v] of res.headers)
    headers.set(k.toLowerCase(), [...(headers.get(k.toLowerCase()) ?? []), v]);
  const contentType = headers.get('content-type')?.[0] ?? '';
  let body: Value = null;
  if (forceJson || /^application\/json\b/i.test(contentType)) {
    try {
      body = parseJson(res.body);
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      throw halt('http.send', `response body is not JSON: ${e.message}`);
    }
  }
  return makeObject([
    ['status', `${res.status} ${res.statusText}`.trim()],
    ['status_code', res.status],
    ['headers', makeObject([...headers].map(([k, v]) => [k, v]))],
    ['raw_body', res.body],
    ['body', body],
  ]);
}

function httpSend(calls: OutboundCalls, args: readonly Value[]): Value {
  const request = objectArg('http.send', args, 0);
  checkRequest(request);
  const http = calls.http;
  if (!http) throw disabled('http.send');
  const url = objectGet(request, 'url');
  const method = objectGet(request, 'method');
  if (typeof url !== 'string' || typeof method !== 'string')
    throw operandError('http.send', 1, 'method and url must be strings');
  const raiseError = objectGet(request, 'raise_error') !== false;
  const headersValue = objectGet(request, 'headers') ?? {};
  if (!isObject(headersValue)) throw operandError('http.send', 1, 'headers must be an object');
  const rawBody = objectGet(request, 'raw_body');
  const body = objectGet(request, 'body');
  const outbound: OutboundRequest = {
    method: method.toUpperCase(),
    url,
    headers: objectEntries(headersValue).map(([k, v]) => [
      String(k),
      typeof v === 'string' ? v : writeJson(v),
    ]),
    body: typeof rawBody === 'string' ? rawBody : body !== undefined ? writeJson(body) : undefined,
    timeoutMs: timeoutOf(request),
  };
  if (!allowedHost(url, http.allowedHosts))
    throw halt('http.send', `${url}: host not in the engine's allow-list`);
  try {
    return responseValue(http.send(outbound), objectGet(request, 'force_json_decode') === true);
  } catch (e) {
    if (e instanceof BuiltinError) throw e;
    const message = e instanceof Error ? e.message : String(e);
    if (raiseError) throw halt('http.send', message);
    return makeObject([
      ['status_code', 0],
      [
        'error',
        makeObject([
          ['message', message],
          ['code', 'eval_http_send_network_error'],
        ]),
      ],
    ]);
  }
}

/**
 * `http.send` and `net.lookup_ip_addr` over the given transports (none: both off).
 * @param calls transports; default none
 * @example
 * createOutboundBuiltins(); // http.send halts the evaluation unless replaced with `with`
 */
export function createOutboundBuiltins(calls: OutboundCalls = {}): BuiltinDefinition[] {
  return [
    defineFunction('http.send', 1, (args) => httpSend(calls, args)),
    defineFunction('net.lookup_ip_addr', 1, (args) => {
      const name = stringArg('net.lookup_ip_addr', args, 0);
      const ip = parseIP(name);
      if (ip) return new SetValue([formatIP(ip)]);
      if (!calls.lookupIpAddr) throw disabled('net.lookup_ip_addr');
      try {
        return new SetValue(calls.lookupIpAddr(name));
      } catch (e) {
        throw halt('net.lookup_ip_addr', e instanceof Error ? e.message : String(e));
      }
    }),
  ];
}
