/**
 * Runs one conformance case as OPA's own harness does: modules named `test-<i>.rego`, the
 * case's data and input, strict built-in errors only for `strict_error` cases, and results
 * compared as a set of binding rows (arrays sorted first with `sort_bindings`).
 */
import type { BuiltinRegistry } from '../builtin.ts';
import { RegoError } from '../errors.ts';
import { compilePolicies, type PolicySet } from '../index.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion } from '../opa-version.ts';
import type { RegoVersion } from '../syntax/index.ts';
import {
  asValue,
  canonicalKey,
  compare,
  isObject,
  objectEntries,
  SetValue,
  type Value,
} from '../value/index.ts';
import type { ConformanceCase } from './cases.ts';

/** Outcome of a case. */
export interface CaseOutcome {
  /** `refused`: the engine declined a feature or built-in it does not support. */
  readonly status: 'passed' | 'failed' | 'refused';
  readonly detail: string;
}

/** JSON view of a value as OPA's harness sees it (sets as arrays, non-string keys as their JSON). */
function jsonView(v: Value): Value {
  if (Array.isArray(v)) return v.map(jsonView);
  if (v instanceof SetValue) return v.sorted().map(jsonView);
  if (isObject(v)) {
    const out: Record<string, Value> = Object.create(null);
    for (const [k, x] of objectEntries(v))
      out[typeof k === 'string' ? k : keyText(jsonView(k))] = jsonView(x);
    return out;
  }
  return v;
}

function keyText(k: Value): string {
  return JSON.stringify(k, (_, x) => (typeof x === 'bigint' ? Number(x) : x));
}

function row(bindings: Record<string, unknown>, sort: boolean): string {
  const entries = Object.entries(bindings).map(([name, raw]) => {
    let v = jsonView(asValue(raw));
    if (sort && Array.isArray(v)) v = [...v].sort(compare);
    return [name, v] as const;
  });
  return canonicalKey(Object.fromEntries(entries) as Value);
}

function isRefusal(e: RegoError): boolean {
  return (
    e.code === 'rego_unsupported_error' ||
    (e.code === 'rego_type_error' && e.detail.startsWith('undefined function'))
  );
}

function errorMatches(c: ConformanceCase, e: RegoError): string | undefined {
  if (c.wantErrorCode !== undefined && e.code !== c.wantErrorCode) {
    return `want error code ${c.wantErrorCode}, got ${e.message}`;
  }
  if (
    c.wantError !== undefined &&
    !e.message.includes(c.wantError) &&
    !e.opaMessage().includes(c.wantError)
  ) {
    return `want error containing ${JSON.stringify(c.wantError)}, got ${e.message}`;
  }
  return undefined;
}

function inputOf(c: ConformanceCase, builtins: BuiltinRegistry): unknown {
  if (c.inputTerm === undefined) return c.input;
  const rows = compilePolicies([], { builtins }).query(`__input__ = ${c.inputTerm}`);
  return rows[0]?.__input__;
}

/**
 * Runs `c` with `builtins`, parsing its modules as `version` (OPA's harness parses the `v0` case
 * folder as Rego v0 and the `v1` folder as Rego v1).
 * @param version the modules' syntax (default `v0`)
 * @param opaVersion the OPA release the engine follows (default `v1.15.2`; pass built-ins of the same)
 * @example runCase(c, standardBuiltins, 'v1').status; // 'passed'
 */
export function runCase(
  c: ConformanceCase,
  builtins: BuiltinRegistry,
  version: RegoVersion = 'v0',
  opaVersion: OpaVersion = DEFAULT_OPA_VERSION,
): CaseOutcome {
  let policies: PolicySet;
  let results: Record<string, Value>[];
  try {
    policies = compilePolicies(
      c.modules.map((source, i) => ({ file: `test-${i}.rego`, source })),
      { builtins, data: c.data ?? {}, version, opaVersion },
    );
    results = policies.query(c.query, { input: inputOf(c, builtins), strict: c.strictError });
  } catch (e) {
    if (!(e instanceof RegoError))
      return { status: 'failed', detail: `crashed: ${String((e as Error)?.stack ?? e)}` };
    if (c.wantError !== undefined || c.wantErrorCode !== undefined) {
      const mismatch = errorMatches(c, e);
      return mismatch ? { status: 'failed', detail: mismatch } : { status: 'passed', detail: '' };
    }
    return { status: isRefusal(e) ? 'refused' : 'failed', detail: e.message };
  }
  if (c.wantResult === undefined) {
    return {
      status: 'failed',
      detail: `want error ${c.wantErrorCode ?? c.wantError}, got ${results.length} result(s)`,
    };
  }
  const want = new Set(c.wantResult.map((r) => row(r, c.sortBindings)));
  const got = new Set(results.map((r) => row(r, c.sortBindings)));
  const same = want.size === got.size && [...want].every((w) => got.has(w));
  return same
    ? { status: 'passed', detail: '' }
    : {
        status: 'failed',
        detail: `want ${[...want].join(' | ') || '(undefined)'}\n got ${[...got].join(' | ') || '(undefined)'}`,
      };
}
