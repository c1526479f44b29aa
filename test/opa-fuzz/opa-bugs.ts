/**
 * OPA's own bugs the differential fuzzer meets: answers of the real OPA that are defects of OPA
 * (a crash, an answer it cannot encode, no answer at all), where the engine's answer is the
 * sensible one. A divergence matching one is counted apart and does not fail a batch; each is
 * listed in docs/reference/opa-conformance.md with a program that shows it.
 */
import type { OpaAnswer } from './opa-server.ts';

interface OpaBug {
  /** Short name, as the tally prints it. */
  readonly name: string;
  readonly matches: (source: string, opa: OpaAnswer) => boolean;
}

/** `100.0 == 1`, `x < 20.0`, `{100.0, 1}`: such a literal beside a comparison or in a set. */
const TRAILING_ZEROS_COMPARED =
  /(?<![\d.])\d*[1-9]0+\.0+\s*(?:==|!=|<|>)|(?:==|!=|<|>|<=|>=)\s*-?\d*[1-9]0+\.0+(?![\d.eE])|[{,]\s*-?\d*[1-9]0+\.0+\s*[,}]/;

/**
 * Whether one body of `source` writes the same expression twice (`x > 0; x > 0`): the literals
 * inside one outermost pair of braces (nested bodies with it), split at `;`, line ends and braces.
 */
export function repeatsAnExpression(source: string): boolean {
  const seen = new Set<string>();
  let depth = 0;
  let text = '';
  for (const ch of `${source}\n`) {
    if (ch !== '{' && ch !== '}' && ch !== ';' && ch !== '\n') {
      text += ch;
      continue;
    }
    const literal = text.trim();
    if (depth > 0 && literal) {
      if (seen.has(literal)) return true;
      seen.add(literal);
    }
    text = '';
    if (ch === '{') depth++;
    if (ch === '}') depth = Math.max(0, depth - 1);
    if (ch === '}' && depth === 0) seen.clear();
  }
  return false;
}

const OPA_BUGS: readonly OpaBug[] = [
  {
    // `r := .5`, `to_number("+5")`, `to_number("1_000")`: OPA keeps the number's source text and
    // its JSON encoder refuses it when the result is written.
    name: 'number text OPA cannot encode (json: invalid number literal)',
    matches: (_, opa) =>
      opa.kind === 'error' && opa.code === 'internal_error' && /invalid number literal/.test(opa.message),
  },
  {
    // `glob.match("a{", [], "a")` panics inside gobwas/glob; the server closes the connection.
    name: 'glob pattern that crashes OPA',
    matches: (source, opa) =>
      opa.kind === 'error' && opa.code === 'opa_panic' && source.includes('glob.match'),
  },
  {
    // OPA v1.15.2 compares a float literal whose whole part ends in zeros as if they were not
    // there: `100.0 == 1` and `10.0 == 1` are true, `100.0 < 2` false, `{100.0, 1}` sorts 100.0
    // first (v1.22.2: false, true, [1, 100.0]).
    name: 'float literal with trailing zeros compared as its leading digits (v1.15.2)',
    matches: (source, opa) => opa.kind === 'result' && TRAILING_ZEROS_COMPARED.test(source),
  },
  {
    // `r if { x > 0; x > 0; x = 1 }`: OPA's safety reordering takes an expression for one it has
    // already placed when an equal expression was placed at its own index (`Body.Append`
    // renumbers it, `Body.Contains` compares the index too), so the second `x > 0` is never
    // placed and its variables stay unsafe.
    name: 'the same expression written twice in a body that waits (rego_unsafe_var_error)',
    matches: (source, opa) =>
      opa.kind === 'error' && opa.code === 'rego_unsafe_var_error' && repeatsAnExpression(source),
  },
];

/**
 * OPA v1.15.2 orders its rule index's levels with a sort whose comparator reads counts from a
 * slice the sort does not permute, starting from Go's randomized map order: when several
 * definitions fail, which one runs first — the error or conflict reported — may change with each
 * compilation. The fuzzer compiles a divergent program again and counts it here when OPA then
 * gives the engine's answer (the engine follows OPA's most frequent order).
 */
export const NONDETERMINISTIC_ORDER = 'rule order that changes with each compilation (index levels)';

/**
 * The name of the OPA bug `opa`'s answer to `source` is an instance of, or `undefined`.
 * @example knownOpaBug('r := .5', { kind: 'error', code: 'internal_error', message: 'json: invalid number literal ".5"' });
 */
export function knownOpaBug(source: string, opa: OpaAnswer): string | undefined {
  return OPA_BUGS.find((bug) => bug.matches(source, opa))?.name;
}
