/**
 * `net.cidr_merge` as OPA computes it: networks (or IPv4 addresses, with their classful default
 * mask) become address ranges, overlapping or adjacent ranges merge, and each merged range is
 * written as the fewest CIDR blocks; a network that merged with nothing is printed as given.
 */
import type { Value } from '../../value/index.ts';
import { builtinError, collectionItems } from '../operands.ts';
import {
  type Address,
  formatIP,
  formatNetwork,
  lastAddress,
  type Network,
  parseCIDR,
  parseIP,
} from './ip-address.ts';

const NAME = 'net.cidr_merge';
/** IPv4 addresses live in the IPv4-mapped IPv6 space so both families sort and merge together. */
const V4_MAPPED = 0xffffn << 32n;

interface AddressRange {
  first: bigint;
  last: bigint;
  bits: 32 | 128;
  /** The text of the single network the range came from; `undefined` once merged. */
  text: string | undefined;
}

/** Go's `IP.DefaultMask`: the classful prefix of an IPv4 address. */
function defaultPrefix(ip: Address): number {
  const first = Number(ip.value >> 24n);
  return first < 0x80 ? 8 : first < 0xc0 ? 16 : 24;
}

function toRange(element: Value): AddressRange {
  if (typeof element !== 'string') throw builtinError(NAME, 'element must be string');
  const ip = parseIP(element);
  let text: string;
  let network: Network;
  if (ip) {
    if (ip.bits === 128) throw builtinError(NAME, 'IPv6 invalid: needs prefix length');
    const prefix = defaultPrefix(ip);
    text = `${formatIP(ip)}/${prefix}`;
    network = { base: (ip.value >> BigInt(32 - prefix)) << BigInt(32 - prefix), bits: 32, prefix };
  } else {
    const parsed = parseCIDR(element);
    if (!parsed) throw builtinError(NAME, `invalid CIDR address: ${element}`);
    network = parsed;
    text = formatNetwork(parsed);
  }
  const offset = network.bits === 32 ? V4_MAPPED : 0n;
  return { first: network.base + offset, last: lastAddress(network) + offset, bits: network.bits, text };
}

/** The fewest CIDR blocks covering `first`…`last` (offsets in the 128-bit space), in order. */
function rangeBlocks(first: bigint, last: bigint, bits: 32 | 128): string[] {
  const offset = bits === 32 ? V4_MAPPED : 0n;
  const blocks: string[] = [];
  let at = first - offset;
  const end = last - offset;
  while (at <= end) {
    let size = 0;
    while (
      size < bits &&
      (at & ((1n << BigInt(size + 1)) - 1n)) === 0n &&
      at + (1n << BigInt(size + 1)) - 1n <= end
    )
      size++;
    blocks.push(formatNetwork({ base: at, bits, prefix: bits - size }));
    at += 1n << BigInt(size);
  }
  return blocks;
}

/** `net.cidr_merge(addrs)`: the merged networks of an array or set of CIDRs and IPv4 addresses. */
export function mergeCidrs(operand: Value): string[] {
  const items = collectionItems(operand);
  if (!items) throw builtinError(NAME, 'operand must be an array');
  const ranges = items
    .map(toRange)
    .sort((a, b) => (a.last === b.last ? cmp(a.first, b.first) : cmp(a.last, b.last)));
  for (let i = ranges.length - 1; i > 0; i--) {
    const cur = ranges[i] as AddressRange;
    const prev = ranges[i - 1] as AddressRange;
    if (cur.first - 1n <= prev.last) {
      ranges[i - 1] = {
        first: prev.first < cur.first ? prev.first : cur.first,
        last: cur.last,
        bits: prev.first < cur.first ? prev.bits : cur.bits,
        text: undefined,
      };
      ranges.splice(i, 1);
    }
  }
  return ranges.flatMap((r) => (r.text !== undefined ? [r.text] : rangeBlocks(r.first, r.last, r.bits)));
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
