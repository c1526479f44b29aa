/**
 * SemVer as OPA v1.22 reads it: SemVer 2.0.0's rules on top of the lenient parser — no sign or
 * leading zero in the major, minor and patch numbers or in a numeric pre-release identifier, and
 * no empty pre-release or build section (`1.2.3-`, `1.2.3+`).
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { createSemverBuiltins, parseSemver, type Version } from '../semver.ts';

const NUMERIC = /^(0|[1-9]\d*)$/;
const LEADING_ZERO = /^0\d+$/;

/**
 * Parses a version with SemVer 2.0.0's strictness; `undefined` if invalid.
 * @example parseStrictSemver('01.2.3'); // undefined
 */
export function parseStrictSemver(text: string): Version | undefined {
  const body = text.startsWith('v') ? text.slice(1) : text;
  const plus = body.indexOf('+');
  if (plus === body.length - 1) return undefined;
  const withoutBuild = plus < 0 ? body : body.slice(0, plus);
  const dash = withoutBuild.indexOf('-');
  if (dash === withoutBuild.length - 1) return undefined;
  const core = dash < 0 ? withoutBuild : withoutBuild.slice(0, dash);
  if (!core.split('.').every((n) => NUMERIC.test(n))) return undefined;
  const pre = dash < 0 ? [] : withoutBuild.slice(dash + 1).split('.');
  if (pre.some((id) => LEADING_ZERO.test(id))) return undefined;
  return parseSemver(text);
}

/** `semver.is_valid` and `semver.compare` of OPA v1.22. */
export const strictSemverBuiltins: readonly BuiltinDefinition[] = createSemverBuiltins(parseStrictSemver);
