import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../builtins/index.ts';
import { compilePolicies, type OpaVersion, RegoError } from '../index.ts';

// Messages measured with `opa eval` of OPA v1.15.2 and v1.22.2 (v1.22.2 lists the values).

function compile(source: string, opaVersion: OpaVersion) {
  return compilePolicies([{ file: 'p.rego', source, version: 'v1' }], {
    builtins: createStandardBuiltins({ opaVersion }),
    opaVersion,
  });
}

function failure(run: () => unknown): RegoError {
  try {
    run();
  } catch (e) {
    if (e instanceof RegoError) return e;
    throw e;
  }
  throw new Error('expected a RegoError');
}

describe('conflict errors', () => {
  const complete = 'package t\n\nq := 1\nq := 2\n\np if q\n';
  const fn = 'package t\n\nf(_) := 1\nf(_) := 2\n\np if f(1)\n';
  const headRef = 'package t\n\nr["a-b"] := 1\nr["a-b"] := 2\n\np if r\n';
  const long = `"${'x'.repeat(90)}"`;
  const many = `package t\n\nq := x if { some x in [1, 2, 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12] }\nq := {"a": ${long}} if true\nq := 7 if false\nq := 100 if { false } else := 101\n\np if q\n`;

  it.each([
    ['v1.15.2', complete, 'complete rules must not produce multiple outputs'],
    ['v1.15.2', fn, 'functions must not produce multiple outputs for same inputs'],
    ['v1.22.2', complete, 'rule data.t.q produced conflicting values:\n  1 at p.rego:3\n  2 at p.rego:4'],
    [
      'v1.22.2',
      fn,
      'function data.t.f produced conflicting values for the same inputs:\n  1 at p.rego:3\n  2 at p.rego:4',
    ],
    [
      'v1.22.2',
      headRef,
      'rule data.t.r["a-b"] produced conflicting values:\n  1 at p.rego:3\n  2 at p.rego:4',
    ],
    [
      'v1.22.2',
      many,
      `rule data.t.q produced conflicting values:\n  1 at p.rego:3\n  2 at p.rego:3\n  {"a": "${'x'.repeat(73)}... at p.rego:4\n  101 at p.rego:6`,
    ],
    [
      'v1.22.2',
      `package t\n\n${Array.from({ length: 12 }, (_, i) => `q := ${i} if true\n`).join('')}\np if q\n`,
      `rule data.t.q produced conflicting values:${Array.from({ length: 10 }, (_, i) => `\n  ${i} at p.rego:${i + 3}`).join('')}\n  ...`,
    ],
  ] as const)('are worded as OPA %s words them', (opaVersion, source, message) => {
    const e = failure(() => compile(source, opaVersion).evaluate('data.t.p', {}));
    expect([e.code, e.detail]).toEqual(['eval_conflict_error', message]);
  });
});
