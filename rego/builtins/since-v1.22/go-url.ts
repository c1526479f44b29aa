/**
 * Go's `url.Parse` (net/url of Go 1.26, as OPA v1.22 is built): a URI reference split into
 * scheme, opaque part, authority (user information, host and port), path, query and fragment,
 * with Go's validation and error messages (`parse "…": invalid port ":x" after host`).
 */
import { parseIPv6 } from '../net/index.ts';
import { goQuote } from '../rego-text.ts';
import { UrlEscapeError, urlEscape, urlUnescape } from './go-url-escape.ts';

/** The components of a parsed URL (decoded text; empty when absent). */
export interface GoUrl {
  scheme: string;
  opaque: string;
  host: string;
  path: string;
  rawPath: string;
  rawQuery: string;
  fragment: string;
}

/** Text that `url.Parse` refuses, with Go's message. */
export class UrlParseError extends Error {
  override readonly name = 'UrlParseError';
}

/** A byte string (one char per UTF-8 byte) of `s`, and back. */
function toBytes(s: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) out += String.fromCharCode(b);
  return out;
}
const fromBytes = (b: string) => new TextDecoder().decode(Uint8Array.from(b, (c) => c.charCodeAt(0)));

class Refusal extends Error {}

function scheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c)) {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === ':') {
      if (i === 0) throw new Refusal('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

const validOptionalPort = (port: string) => port === '' || /^:[0-9]*$/.test(port);

/** netip.ParseAddr's verdict on a bracketed host: an IPv6 address, optionally with a zone. */
function checkIpLiteral(host: string): void {
  const fail = (why: string) => new Refusal(`invalid host: ParseAddr(${goQuote(fromBytes(host))}): ${why}`);
  const percent = host.indexOf('%');
  const address = percent < 0 ? host : host.slice(0, percent);
  if (!address.includes(':')) {
    if (/^\d+(\.\d+){3}$/.test(address) && percent < 0) throw new Refusal('invalid IP-literal');
    throw fail('unable to parse IP');
  }
  if (percent >= 0 && percent === host.length - 1) throw fail('zone must be a non-empty string');
  if (parseIPv6(address) === undefined) throw fail('unable to parse IP');
}

function parseHost(schemeName: string, host: string): string {
  const open = host.lastIndexOf('[');
  if (open > 0) throw new Refusal('invalid IP-literal');
  if (open === 0) {
    const close = host.lastIndexOf(']');
    if (close < 0) throw new Refusal("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort))
      throw new Refusal(`invalid port ${goQuote(fromBytes(colonPort))} after host`);
    const port = urlUnescape(colonPort, 'host', goQuote);
    const name = host.slice(1, close);
    const zone = name.indexOf('%25');
    const unescaped =
      zone < 0
        ? urlUnescape(name, 'host', goQuote)
        : urlUnescape(name.slice(0, zone), 'host', goQuote) + urlUnescape(name.slice(zone), 'zone', goQuote);
    checkIpLiteral(unescaped);
    return `[${unescaped}]${port}`;
  }
  const first = host.indexOf(':');
  if (first >= 0) {
    // Go allows colons within the host (database host lists) except in http and https URLs.
    const at = schemeName === 'http' || schemeName === 'https' ? first : host.lastIndexOf(':');
    const colonPort = host.slice(at);
    if (!validOptionalPort(colonPort))
      throw new Refusal(`invalid port ${goQuote(fromBytes(colonPort))} after host`);
  }
  return urlUnescape(host, 'host', goQuote);
}

function parseAuthority(schemeName: string, authority: string): string {
  const at = authority.lastIndexOf('@');
  const host = parseHost(schemeName, at < 0 ? authority : authority.slice(at + 1));
  if (at < 0) return host;
  const userinfo = authority.slice(0, at);
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) throw new Refusal('net/url: invalid userinfo');
  // Go unescapes the user name and the password (everything after the first colon) apart.
  const colon = userinfo.indexOf(':');
  const parts = colon < 0 ? [userinfo] : [userinfo.slice(0, colon), userinfo.slice(colon + 1)];
  for (const part of parts) urlUnescape(part, 'userinfo', goQuote);
  return host;
}

function parseReference(raw: string): GoUrl {
  const url: GoUrl = { scheme: '', opaque: '', host: '', path: '', rawPath: '', rawQuery: '', fragment: '' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Go refuses ASCII control bytes
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw new Refusal('net/url: invalid control character in URL');
  if (raw === '*') return { ...url, path: '*' };
  const [schemeText, afterScheme] = scheme(raw);
  url.scheme = schemeText.toLowerCase();
  let rest = afterScheme;
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf('?');
    if (q >= 0) [rest, url.rawQuery] = [rest.slice(0, q), rest.slice(q + 1)];
  }
  if (!rest.startsWith('/')) {
    if (url.scheme !== '') return { ...url, opaque: rest };
    if ((rest.split('/')[0] as string).includes(':'))
      throw new Refusal('first path segment in URL cannot contain colon');
  }
  if ((url.scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    rest = slash < 0 ? '' : rest.slice(slash);
    url.host = parseAuthority(url.scheme, authority);
  }
  url.path = urlUnescape(rest, 'path', goQuote);
  url.rawPath = urlEscape(url.path, 'path') === rest ? '' : rest;
  return url;
}

/** Go's `URL.Hostname` and `URL.Port` of a parsed host. */
export function splitHostPort(host: string): [string, string] {
  const colon = host.lastIndexOf(':');
  let [name, port] = [host, ''];
  if (colon >= 0 && validOptionalPort(host.slice(colon)))
    [name, port] = [host.slice(0, colon), host.slice(colon + 1)];
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  return [name, port];
}

/**
 * Go's `url.Parse(text)`.
 * @throws {UrlParseError} `parse "<text>": <reason>` for text Go refuses
 * @example parseGoUrl('https://example.com:8080/api?q=1').host; // 'example.com:8080'
 */
export function parseGoUrl(text: string): GoUrl {
  const hash = text.indexOf('#');
  const reference = hash < 0 ? text : text.slice(0, hash);
  // Go names the text without its fragment, unless the fragment is what failed.
  const refusal = (failedOn: string, e: unknown) =>
    e instanceof Refusal || e instanceof UrlEscapeError
      ? new UrlParseError(`parse ${goQuote(failedOn)}: ${e.message}`, { cause: e })
      : e;
  let url: GoUrl;
  try {
    url = parseReference(toBytes(reference));
  } catch (e) {
    throw refusal(reference, e);
  }
  try {
    if (hash >= 0) url.fragment = urlUnescape(toBytes(text.slice(hash + 1)), 'fragment', goQuote);
  } catch (e) {
    throw refusal(text, e);
  }
  return {
    scheme: fromBytes(url.scheme),
    opaque: fromBytes(url.opaque),
    host: fromBytes(url.host),
    path: fromBytes(url.path),
    rawPath: fromBytes(url.rawPath),
    rawQuery: fromBytes(url.rawQuery),
    fragment: fromBytes(url.fragment),
  };
}
