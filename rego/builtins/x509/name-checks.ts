/**
 * The name checks of Go's `x509.Verify`: the leaf's host name (`VerifyHostname`: IP addresses
 * against IP SANs, names against DNS SANs with a leading `*` label as wildcard), and the name
 * constraints of the chain's CAs applied to the certificates below them (DNS names, e-mail
 * addresses, URI hosts and IP addresses; permitted lists must match, excluded ones must not).
 */
import { type Address, contains, type Network, parseIP } from '../net/index.ts';
import type { ChainCertificate } from './chain-certificate.ts';

const lower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Go's `dnsHasSuffix`: `name` is `constraint` or under it (a leading `.` requires a subdomain). */
function dnsMatches(constraint: string, name: string): boolean {
  if (constraint === '') return true;
  const [c, n] = [lower(constraint), lower(name)];
  if (c.length > n.length || !n.endsWith(c)) return false;
  return c.startsWith('.') || n.length === c.length || n[n.length - c.length - 1] === '.';
}

const trimFirstLabel = (s: string): string => (s.includes('.') ? s.slice(s.indexOf('.') + 1) : '');

function dnsConstrained(list: readonly string[], name: string, excluded: boolean): boolean {
  if (list.some((c) => dnsMatches(c, name))) return true;
  // An excluded name also excludes a wildcard SAN standing for it (`*.example.com` for `a.example.com`).
  return (
    excluded &&
    name.startsWith('*') &&
    list.some((c) => trimFirstLabel(lower(c)) === trimFirstLabel(lower(name)))
  );
}

/** Go's `domainNameValid` for names in certificates. */
function domainNameValid(s: string): boolean {
  if (s === '') return true;
  if (s.endsWith('.') || s.length > 253) return false;
  return s
    .split('.')
    .every((label) => label.length > 0 && label.length <= 63 && /^[\x21-\x7e]+$/.test(label));
}

interface Mailbox {
  local: string;
  domain: string;
}

function mailbox(s: string): Mailbox | undefined {
  const at = s.lastIndexOf('@');
  if (at <= 0 || at === s.length - 1) return undefined;
  return { local: s.slice(0, at), domain: s.slice(at + 1) };
}

function emailConstrained(list: readonly string[], m: Mailbox, excluded: boolean): boolean {
  const domains: string[] = [];
  for (const c of list) {
    if (!c.includes('@')) domains.push(c);
    else {
      const full = mailbox(c);
      if (full && full.local === m.local && lower(full.domain) === lower(m.domain)) return true;
    }
  }
  return domains.length > 0 && dnsConstrained(domains, m.domain, excluded);
}

function ipConstrained(list: readonly Network[], ip: Address): boolean {
  return list.some((n) => contains(n, ip));
}

/** The host of a URI SAN, as Go matches it; undefined when Go refuses to match it. */
function uriHost(uri: string): string | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)/.exec(uri);
  let host = lower(m?.[1] ?? '');
  if (host === '') return undefined;
  if (host.includes(':') && !host.endsWith(']')) host = host.slice(0, host.lastIndexOf(':'));
  if (parseIP(host) || (host.startsWith('[') && host.endsWith(']'))) return undefined;
  return host;
}

/** Whether one name passes a list pair: permitted (when any) must match, excluded must not. */
function allowed<T>(
  permitted: readonly T[],
  excluded: readonly T[],
  matches: (list: readonly T[], excludedList: boolean) => boolean,
): boolean {
  if (permitted.length > 0 && !matches(permitted, false)) return false;
  return !(excluded.length > 0 && matches(excluded, true));
}

function hasNameConstraints(c: ChainCertificate): boolean {
  return [
    c.permittedDNS,
    c.excludedDNS,
    c.permittedEmails,
    c.excludedEmails,
    c.permittedURIs,
    c.excludedURIs,
    c.permittedIPs,
    c.excludedIPs,
  ].some((l) => l.length > 0);
}

/** Whether `cert`'s names satisfy the constraints of `ca`. */
function satisfies(cert: ChainCertificate, ca: ChainCertificate): boolean {
  for (const ip of cert.ips)
    if (!allowed(ca.permittedIPs, ca.excludedIPs, (l) => ipConstrained(l, ip))) return false;
  for (const d of cert.dnsNames) {
    if (!domainNameValid(d)) return false;
    if (!allowed(ca.permittedDNS, ca.excludedDNS, (l, x) => dnsConstrained(l, d, x))) return false;
  }
  for (const u of cert.uris) {
    const host = uriHost(u);
    if (host === undefined || !domainNameValid(host)) return false;
    if (!allowed(ca.permittedURIs, ca.excludedURIs, (l, x) => dnsConstrained(l, host, x))) return false;
  }
  for (const e of cert.emails) {
    const m = mailbox(e);
    if (!m || !domainNameValid(m.domain)) return false;
    if (!allowed(ca.permittedEmails, ca.excludedEmails, (l, x) => emailConstrained(l, m, x))) return false;
  }
  return true;
}

/** Go's `checkChainConstraints` (leaf first): each CA's constraints bind every certificate below it. */
export function chainConstraintsHold(chain: readonly ChainCertificate[]): boolean {
  return chain.every(
    (cert, i) =>
      cert.san === undefined ||
      chain.slice(i + 1).every((ca) => !hasNameConstraints(ca) || satisfies(cert, ca)),
  );
}

/** Go's `Certificate.VerifyHostname`. */
export function hostnameMatches(cert: ChainCertificate, host: string): boolean {
  const candidate = host.length >= 3 && host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const ip = parseIP(candidate);
  if (ip) return cert.ips.some((a) => a.bits === ip.bits && a.value === ip.value);
  const name = lower(host);
  const parts = lower(name.replace(/\.$/, '')).split('.');
  const validInput = /^[a-z0-9_*-]+(\.[a-z0-9_-]+)*\.?$/.test(name) && !name.includes('*');
  return cert.dnsNames.some((pattern) => {
    const p = lower(pattern);
    const validPattern = /^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/.test(p);
    if (!validInput || !validPattern) return p.replace(/\.$/, '') === name.replace(/\.$/, '');
    const labels = p.replace(/\.$/, '').split('.');
    if (labels.length !== parts.length) return false;
    return labels.every((l, i) => (i === 0 && l === '*') || l === parts[i]);
  });
}
