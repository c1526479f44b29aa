import { compilePolicies, RegoError, standardBuiltins } from '@gatehousejs/rego';
import { describe, expect, it } from 'vitest';
import { EngineError } from './engine-error.ts';
import { runRegoQuery } from './rego-query.ts';

const policies = compilePolicies(
  [
    {
      file: 'docs.rego',
      source: [
        'package app.docs',
        'import rego.v1',
        'allowed if input.identity.value == "alice"',
        'tags contains t if some t in ["a", "b"]',
        'broken := 1 if true',
        'broken := 2 if true',
        '',
      ].join('\n'),
    },
  ],
  { builtins: standardBuiltins },
);
const alice = { identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' } };

describe('runRegoQuery', () => {
  it('returns one result per solution with each expression and the bindings, as OPA does', () => {
    const results = runRegoQuery(
      policies,
      'x = data.app.docs.allowed\nsome t in data.app.docs.tags',
      alice,
      {},
    );
    expect(results).toEqual([
      {
        expressions: [
          { value: true, text: 'x = data.app.docs.allowed', location: { row: 1, col: 1 } },
          { value: true, text: 'some t in data.app.docs.tags', location: { row: 2, col: 1 } },
        ],
        bindings: { x: true, t: 'a' },
      },
      {
        expressions: [
          { value: true, text: 'x = data.app.docs.allowed', location: { row: 1, col: 1 } },
          { value: true, text: 'some t in data.app.docs.tags', location: { row: 2, col: 1 } },
        ],
        bindings: { x: true, t: 'b' },
      },
    ]);
  });

  it('reports the value of a bare term expression, sets as arrays', () => {
    const [result] = runRegoQuery(policies, 'data.app.docs.tags; count(data.app.docs.tags) > 1', alice, {});
    expect(result?.expressions.map((e) => [e.value, e.text, e.location.col])).toEqual([
      [['a', 'b'], 'data.app.docs.tags', 1],
      [true, 'count(data.app.docs.tags) > 1', 21],
    ]);
    expect(result?.bindings).toEqual({});
  });

  it('has no result when an expression is false or undefined', () => {
    expect(
      runRegoQuery(policies, 'data.app.docs.allowed', { identity: { type: 'IDENTITY_TYPE_NONE' } }, {}),
    ).toEqual([]);
    expect(runRegoQuery(policies, 'count(data.app.docs.tags) > 5', alice, {})).toEqual([]);
    expect(runRegoQuery(policies, 'x = data.app.docs.nothing', alice, {})).toEqual([]);
  });

  it('rejects a query that does not parse with invalid_request, and raises evaluation errors', () => {
    const parse = (() => {
      try {
        runRegoQuery(policies, 'x = = 1', alice, {});
      } catch (e) {
        return e;
      }
    })();
    expect(parse).toBeInstanceOf(EngineError);
    expect((parse as EngineError).code).toBe('invalid_request');
    expect(() => runRegoQuery(policies, 'x = data.app.docs.broken', alice, {})).toThrow(RegoError);
  });
});
