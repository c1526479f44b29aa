/**
 * IP addresses and networks as Go's `net` package parses and prints them: `net.ParseIP`,
 * `net.ParseCIDR` (no leading zeros in IPv4, IPv4-mapped IPv6 treated as IPv4) and `IP.String`.
 */

/** An address as an integer of 32 (IPv4) or 128 (IPv6) bits. */
export interface Address {
  value: bigint;
  bits: 32 | 128;
}

/** A network: its first address and prefix length. */
export interface Network {
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

/** An IPv6 address in Go's textual forms (`::1`, `::ffff:1.2.3.4`) as 128 bits; `undefined` if invalid. */
export function parseIPv6(s: string): bigint | undefined {
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
export function parseIP(s: string): Address | undefined {
  const v4 = parseIPv4(s);
  if (v4 !== undefined) return { value: v4, bits: 32 };
  const v6 = parseIPv6(s);
  if (v6 === undefined) return undefined;
  if (v6 >> 32n === 0xffffn) return { value: v6 & 0xffffffffn, bits: 32 };
  return { value: v6, bits: 128 };
}

/** Go's `net.ParseCIDR`; `undefined` when invalid. */
export function parseCIDR(s: string): Network | undefined {
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

export function lastAddress(n: Network): bigint {
  return n.base | ((1n << BigInt(n.bits - n.prefix)) - 1n);
}

export function contains(n: Network, ip: Address): boolean {
  if (n.bits !== ip.bits) return false;
  const hostBits = BigInt(n.bits - n.prefix);
  return ip.value >> hostBits === n.base >> hostBits;
}

function formatIPv6(value: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((value >> BigInt(i * 16)) & 0xffffn));
  // Go (like RFC 5952) compresses the first longest run of two or more zero groups.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** Go's `IP.String` of an address. */
export function formatIP(ip: Address): string {
  if (ip.bits === 32) return [24n, 16n, 8n, 0n].map((s) => String((ip.value >> s) & 0xffn)).join('.');
  return formatIPv6(ip.value);
}

/** Go's `IPNet.String` of a network. */
export function formatNetwork(n: Network): string {
  return `${formatIP({ value: n.base, bits: n.bits })}/${n.prefix}`;
}
