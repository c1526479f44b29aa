/**
 * CIDR built-ins: `net.cidr_contains`, `net.cidr_intersects`, `net.cidr_is_valid`,
 * `net.cidr_overlap`, parsing addresses like Go's `net.ParseIP` / `net.ParseCIDR` (no leading
 * zeros in IPv4, IPv4-mapped IPv6 treated as IPv4).
 */
import type { BuiltinDefinition } from '../builtin.ts';
import type { Value } from '../value.ts';
import { arg, builtinError, defineFunction, stringArg } from './operands.ts';

/** An address as an integer of 32 (IPv4) or 128 (IPv6) bits. */
interface Address {
  value: bigint;
  bits: 32 | 128;
}

/** A network: its first address and prefix length. */
interface Network {
  base: bigint;
  bits: 32 | 128;
  prefix: number;
}

function parseIPv4(s: string): bigint | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  let v = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return undefined;
    v = (v << 8n) | BigInt(p);
  }
  return v;
}

function parseIPv6(s: string): bigint | undefined {
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (text: string): bigint[] | undefined => {
    if (text === '') return [];
    const out: bigint[] = [];
    const parts = text.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as string;
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = parseIPv4(p);
        if (v4 === undefined) return undefined;
        out.push(v4 >> 16n, v4 & 0xffffn);
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(p)) out.push(BigInt(`0x${p}`));
      else return undefined;
    }
    return out;
  };
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...Array<bigint>(Math.max(missing, 0)).fill(0n), ...tail].reduce(
    (acc, g) => (acc << 16n) | g,
    0n,
  );
}

/** Go's `net.ParseIP`, with IPv4-mapped IPv6 addresses returned as IPv4. */
function parseIP(s: string): Address | undefined {
  const v4 = parseIPv4(s);
  if (v4 !== undefined) return { value: v4, bits: 32 };
  const v6 = parseIPv6(s);
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === 0xffffn) return { value: v6 & 0xffffffffn, bits: 32 };
  return { value: v6, bits: 128 };
}

/** Go's `net.ParseCIDR`; `undefined` when invalid. */
function parseCIDR(s: string): Network | undefined {
  const slash = s.indexOf('/');
  if (slash < 0) return undefined;
  const text = s.slice(0, slash);
  const prefixText = s.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  let prefix = Number(prefixText);
  const v4 = parseIPv4(text);
  const v6 = v4 === undefined ? parseIPv6(text) : undefined;
  if (v4 === undefined && v6 === undefined) return undefined;
  let bits: 32 | 128 = v4 !== undefined ? 32 : 128;
  let value = v4 ?? (v6 as bigint);
  if (prefix > bits) return undefined;
  if (bits === 128 && value >> 32n === 0xffffn && prefix >= 96) {
    value &= 0xffffffffn;
    bits = 32;
    prefix -= 96;
  }
  const hostBits = BigInt(bits - prefix);
  return { base: (value >> hostBits) << hostBits, bits, prefix };
}

function lastAddress(n: Network): bigint {
  return n.base | ((1n << BigInt(n.bits - n.prefix)) - 1n);
}

function contains(n: Network, ip: Address): boolean {
  if (n.bits !== ip.bits) return false;
  const hostBits = BigInt(n.bits - n.prefix);
  return ip.value >> hostBits === n.base >> hostBits;
}

function networkArg(name: string, args: readonly Value[], i: number): Network {
  const text = stringArg(name, args, i);
  const n = parseCIDR(text);
  if (!n) throw builtinError(name, `invalid CIDR address: ${text}`);
  return n;
}

function containsCidrOrIp(name: string, args: readonly Value[]): boolean {
  const net = networkArg(name, args, 0);
  const text = stringArg(name, args, 1);
  const ip = parseIP(text);
  if (ip) return contains(net, ip);
  const inner = parseCIDR(text);
  if (!inner) throw builtinError(name, `invalid CIDR address: ${text}`);
  return (
    contains(net, { value: inner.base, bits: inner.bits }) &&
    contains(net, { value: lastAddress(inner), bits: inner.bits })
  );
}

/** CIDR built-ins. */
export const netBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('net.cidr_contains', 2, (args) => containsCidrOrIp('net.cidr_contains', args)),
  defineFunction('net.cidr_overlap', 2, (args) => containsCidrOrIp('net.cidr_overlap', args)),
  defineFunction('net.cidr_intersects', 2, (args) => {
    const a = networkArg('net.cidr_intersects', args, 0);
    const b = networkArg('net.cidr_intersects', args, 1);
    return contains(a, { value: b.base, bits: b.bits }) || contains(b, { value: a.base, bits: a.bits });
  }),
  defineFunction('net.cidr_is_valid', 1, (args) => {
    const v = arg(args, 0);
    return typeof v === 'string' && parseCIDR(v) !== undefined;
  }),
];
