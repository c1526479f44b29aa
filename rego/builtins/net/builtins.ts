/**
 * CIDR built-ins: `net.cidr_contains`, `net.cidr_intersects`, `net.cidr_is_valid`,
 * `net.cidr_overlap`, `net.cidr_contains_matches`, `net.cidr_expand`, `net.cidr_merge`.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { isObject, objectEntries, SetValue, type Value } from '../../value/index.ts';
import { arg, builtinError, defineFunction, stringArg } from '../operands.ts';
import { mergeCidrs } from './cidr-merge.ts';
import { contains, formatIP, lastAddress, type Network, parseCIDR, parseIP } from './ip-address.ts';

/** The most addresses `net.cidr_expand` lists before refusing (OPA only stops on a timeout). */
const EXPAND_LIMIT = 1n << 20n;

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

function expand(args: readonly Value[]): Value {
  const net = networkArg('net.cidr_expand', args, 0);
  const size = 1n << BigInt(net.bits - net.prefix);
  if (size > EXPAND_LIMIT)
    throw builtinError('net.cidr_expand', `refusing to list ${size} addresses (more than ${EXPAND_LIMIT})`);
  const out = new SetValue();
  for (let a = net.base; a <= lastAddress(net); a++) out.add(formatIP({ value: a, bits: net.bits }));
  return out;
}

/** The `(cidr, key)` pairs of one `net.cidr_contains_matches` operand. */
function matchCandidates(operand: number, v: Value): [Value, Value][] {
  const cidrOf = (x: Value): Value => {
    if (typeof x === 'string') return x;
    if (Array.isArray(x) && x.length > 0) return x[0] as Value;
    throw builtinError(
      'net.cidr_contains_matches',
      `operand ${operand}: element must be string or non-empty array`,
    );
  };
  if (typeof v === 'string') return [[v, v]];
  if (Array.isArray(v)) return v.map((x, i) => [cidrOf(x), i]);
  if (v instanceof SetValue) return [...v].map((x) => [cidrOf(x), x]);
  if (isObject(v)) return objectEntries(v).map(([k, x]) => [cidrOf(x), k]);
  return [];
}

function containsMatches(args: readonly Value[]): Value {
  const out = new SetValue();
  for (const [a, ka] of matchCandidates(1, arg(args, 0)))
    for (const [b, kb] of matchCandidates(2, arg(args, 1)))
      if (containsCidrOrIp('net.cidr_contains_matches', [a, b])) out.add([ka, kb]);
  return out;
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
  defineFunction('net.cidr_expand', 1, expand),
  defineFunction('net.cidr_contains_matches', 2, containsMatches),
  defineFunction('net.cidr_merge', 1, (args) => new SetValue(mergeCidrs(arg(args, 0)))),
];
