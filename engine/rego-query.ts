/**
 * Ad-hoc Rego queries with OPA's result shape (Topaz's `Query`): one result per solution, each
 * with the value of every expression of the query and the bindings of its variables. An
 * expression that is a bare term (`data.webapp.GET.api.documents`, `count(x) > 1`) reports the
 * term's value, as OPA does; every other expression (`x = …`, `not …`, `some …`, one with
 * `with`) reports `true`.
 */

import {
  type EvalOptions,
  type JsonValue,
  type PolicySet,
  parseQuery,
  RegoError,
  toJson,
  type Value,
} from '@gatehousejs/rego';
import type { RegoQueryResult } from './engine-capabilities.ts';
import { EngineError } from './engine-error.ts';

type Literal = ReturnType<typeof parseQuery>[number];

const VALUE_PREFIX = '__gatehouse_expr';

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** The source text of each literal: from its start to the next literal's, separators trimmed. */
function literalTexts(text: string, body: readonly Literal[]): string[] {
  const lines = lineStarts(text);
  const offsets = body.map((l) => (lines[l.loc.line - 1] ?? 0) + l.loc.column - 1);
  return offsets.map((start, i) =>
    text
      .slice(start, offsets[i + 1] ?? text.length)
      .trimEnd()
      .replace(/;$/, '')
      .trimEnd(),
  );
}

/** Whether OPA reports the literal's own value (a bare term) rather than `true`. */
function reportsValue(literal: Literal): boolean {
  return !literal.negated && literal.withs.length === 0 && literal.expr.type === 'term';
}

/**
 * Evaluates `queryText` against `policies` with `input`.
 *
 * @throws {EngineError} `invalid_request` when the query does not parse
 * @throws {RegoError} when evaluation fails
 * @example
 * runRegoQuery(policies, 'x = data.webapp.GET.api.documents.allowed', input, {});
 * // [{ expressions: [{ value: true, text: 'x = data…', location: { row: 1, col: 1 } }], bindings: { x: true } }]
 */
export function runRegoQuery(
  policies: PolicySet,
  queryText: string,
  input: Readonly<Record<string, unknown>>,
  options: EvalOptions,
): RegoQueryResult[] {
  let body: readonly Literal[];
  try {
    body = parseQuery(queryText);
  } catch (e) {
    if (!(e instanceof RegoError)) throw e;
    throw new EngineError('invalid_request', `invalid query: ${e.message}`, { cause: e });
  }
  const texts = literalTexts(queryText, body);
  const captured = body.map(reportsValue);
  const rewritten = texts
    .map((text, i) => (captured[i] ? `${VALUE_PREFIX}${i} := ${text}\n${VALUE_PREFIX}${i} != false` : text))
    .join('\n');
  const solutions = policies.query(rewritten, { ...options, input });
  return solutions.map((solution) => {
    const bindings: Record<string, JsonValue> = {};
    for (const [name, value] of Object.entries(solution)) {
      if (!name.startsWith(VALUE_PREFIX)) bindings[name] = toJson(value);
    }
    const expressions = body.map((literal, i) => ({
      value: captured[i] ? toJson(solution[`${VALUE_PREFIX}${i}`] as Value) : true,
      text: texts[i] ?? '',
      location: { row: literal.loc.line, col: literal.loc.column },
    }));
    return { expressions, bindings };
  });
}
