import { describe, expect, it } from 'vitest';
import { callJson, failure } from '../test-support.ts';

const SCHEMA = 'type Query { user(id: ID!): User } type User { id: ID! name: String }';

describe('graphql built-ins', () => {
  it('return a query in gqlparser’s shape: empty names kept, nulls and empty lists pruned', () => {
    expect(callJson('graphql.parse_query', '{ u: user(id: $id) { name } }')).toEqual({
      Operations: [
        {
          Name: '',
          Operation: 'query',
          SelectionSet: [
            {
              Alias: 'u',
              Name: 'user',
              Arguments: [{ Name: 'id', Value: { ExpectedTypeHasDefault: false, Kind: 0, Raw: 'id' } }],
              SelectionSet: [{ Alias: 'name', Name: 'name' }],
            },
          ],
        },
      ],
    });
  });

  it('keep the first line of a block string in the common indentation, as gqlparser does', () => {
    const ast = callJson('graphql.parse_schema', '"""a\n  b"""\nscalar S') as {
      Definitions: { Description: string }[];
    };
    expect(ast.Definitions[0]?.Description).toBe('a\n  b');
  });

  it('word syntax errors as OPA does, with line and column', () => {
    expect(failure('graphql.parse_query', '{')).toEqual({
      code: 'eval_builtin_error',
      message: 'graphql.parse_query: Expected Name, found <EOF> in GraphQL string at location 1:2',
    });
    expect(failure('graphql.parse_schema', 'type T {}').message).toBe(
      'graphql.parse_schema: expected at least one definition, found } in GraphQL string at location 1:9',
    );
  });

  it('validate queries against a schema, and accept AST objects in place of text', () => {
    expect(callJson('graphql.is_valid', '{ user(id: 1) { name } }', SCHEMA)).toBe(true);
    expect(callJson('graphql.is_valid', '{ user { name } }', SCHEMA)).toBe(false);
    const query = callJson('graphql.parse_query', '{ user(id: 1) { id } }') as never;
    const schema = callJson('graphql.parse_schema', SCHEMA) as never;
    expect(callJson('graphql.parse_and_verify', query, schema)).toEqual([true, query, schema]);
    expect(callJson('graphql.parse_and_verify', '{ nope }', SCHEMA)).toEqual([false, {}, {}]);
    expect(failure('graphql.parse', '{ nope }', SCHEMA).message).toBe(
      'graphql.parse: Cannot query field "nope" on type "Query" in GraphQL string at location 1:3',
    );
  });

  it('read an extension of an undefined type as its definition, and need no Query type', () => {
    expect(callJson('graphql.schema_is_valid', 'extend type Query { a: Int }')).toBe(true);
    expect(callJson('graphql.schema_is_valid', 'scalar S')).toBe(true);
    expect(callJson('graphql.schema_is_valid', 'type Query { a: Missing }')).toBe(false);
    expect(callJson('graphql.parse_and_verify', '', '')).toEqual([true, {}, {}]);
  });

  it('refuse an operation whose root type the schema lacks, as gqlparser does', () => {
    expect(callJson('graphql.is_valid', '{ a }', 'scalar S')).toBe(false);
    expect(failure('graphql.parse', 'mutation { a }', SCHEMA).message).toBe(
      'graphql.parse: Schema does not support operation type "mutation"\n in GraphQL string at location 1:1',
    );
  });
});
