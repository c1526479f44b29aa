/** `semver.is_valid` and `semver.compare` (SemVer 2.0.0 precedence; build metadata ignored). */
import type { BuiltinDefinition } from '../builtin.ts';
import { arg, builtinError, defineFunction, stringArg } from './operands.ts';
import { goQuote } from './rego-text.ts';

/** A parsed version: its numeric core and pre-release identifiers. */
export interface Version {
  core: [bigint, bigint, bigint];
  pre: string[];
}

const IDENTIFIERS = /^[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*$/;
const INT64_MAX = 2n ** 63n - 1n;

/** Parses a version the way OPA's (go-semver derived) parser does; `undefined` if invalid. */
export function parseSemver(text: string): Version | undefined {
  // OPA's parser (from coreos/go-semver) accepts one leading `v`.
  let rest = text.startsWith('v') ? text.slice(1) : text;
  const plus = rest.indexOf('+');
  const metadata = plus < 0 ? '' : rest.slice(plus + 1);
  if (plus >= 0) rest = rest.slice(0, plus);
  const dash = rest.indexOf('-');
  const pre = dash < 0 ? '' : rest.slice(dash + 1);
  if (dash >= 0) rest = rest.slice(0, dash);
  const parts = rest.split('.');
  if (parts.length !== 3) return undefined;
  if ((pre !== '' && !IDENTIFIERS.test(pre)) || (metadata !== '' && !IDENTIFIERS.test(metadata)))
    return undefined;
  const core: bigint[] = [];
  for (const p of parts) {
    if (!/^[+-]?\d+$/.test(p)) return undefined;
    const n = BigInt(p);
    if (n > INT64_MAX || n < -INT64_MAX - 1n) return undefined;
    core.push(n);
  }
  return { core: core as [bigint, bigint, bigint], pre: pre === '' ? [] : pre.split('.') };
}

function compareIdentifiers(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(Number(BigInt(a) - BigInt(b)));
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** SemVer precedence of `a` against `b`: -1, 0 or 1. */
export function compareSemver(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    const d = (a.core[i] as bigint) - (b.core[i] as bigint);
    if (d !== 0n) return d < 0n ? -1 : 1;
  }
  if (a.pre.length === 0 || b.pre.length === 0)
    return a.pre.length === b.pre.length ? 0 : a.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const c = compareIdentifiers(a.pre[i] as string, b.pre[i] as string);
    if (c !== 0) return c;
  }
  return Math.sign(a.pre.length - b.pre.length);
}

/** A version parser: a {@link Version}, or `undefined` for text that is not a version. */
export type SemverParser = (text: string) => Version | undefined;

/**
 * `semver.is_valid` and `semver.compare` over a version parser.
 * @param parse the parser deciding what a valid version is
 * @example createSemverBuiltins(parseSemver); // OPA v1.15.2's lenient built-ins
 */
export function createSemverBuiltins(parse: SemverParser): readonly BuiltinDefinition[] {
  return [
    defineFunction('semver.is_valid', 1, (args) => {
      const v = arg(args, 0);
      return typeof v === 'string' && parse(v) !== undefined;
    }),
    defineFunction('semver.compare', 2, (args) => {
      // OPA checks both operands' types before parsing either.
      const texts = [stringArg('semver.compare', args, 0), stringArg('semver.compare', args, 1)];
      const [a, b] = texts.map((text, i) => {
        const version = parse(text);
        if (!version)
          throw builtinError(
            'semver.compare',
            `operand ${i + 1}: string ${goQuote(text)} is not a valid SemVer`,
          );
        return version;
      }) as [Version, Version];
      return compareSemver(a, b);
    }),
  ];
}

/** SemVer built-ins as OPA v1.15.2 has them (leading zeros and empty sections accepted). */
export const semverBuiltins: readonly BuiltinDefinition[] = createSemverBuiltins(parseSemver);
