import { describe, expect, it } from 'vitest';
import { callJson, failure } from '../test-support.ts';

const SCHEMA = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };

describe('json.match_schema', () => {
  it('reports gojsonschema’s error objects, with the field path and (Root) for the document', () => {
    expect(callJson('json.match_schema', { id: 'x' }, SCHEMA)).toEqual([
      false,
      [
        {
          error: 'id: Invalid type. Expected: integer, given: string',
          type: 'invalid_type',
          field: 'id',
          desc: 'Invalid type. Expected: integer, given: string',
        },
      ],
    ]);
    expect(callJson('json.match_schema', {}, SCHEMA)).toEqual([
      false,
      [{ error: '(Root): id is required', type: 'required', field: '(Root)', desc: 'id is required' }],
    ]);
    expect(callJson('json.match_schema', '{"id": 2}', JSON.stringify(SCHEMA))).toEqual([true, []]);
  });

  it('compares numbers exactly and prints bounds as Go prints big floats', () => {
    expect(callJson('json.match_schema', { n: 0.3 }, { properties: { n: { multipleOf: 0.1 } } })).toEqual([
      true,
      [],
    ]);
    const [, errors] = callJson(
      'json.match_schema',
      { n: 2 },
      { properties: { n: { minimum: 1000000 } } },
    ) as [boolean, { desc: string }[]];
    expect(errors[0]?.desc).toBe('Must be greater than or equal to 1e+06');
  });

  it('reports the best failing branch of anyOf after the anyOf error', () => {
    const [, errors] = callJson(
      'json.match_schema',
      { a: 1 },
      {
        anyOf: [{ required: ['b'] }, { properties: { a: { type: 'string' } }, required: ['c', 'd'] }],
      },
    ) as [boolean, { type: string }[]];
    expect(errors.map((e) => e.type)).toEqual(['number_any_of', 'required']);
  });

  it('fails with the schema’s problem, and on operands that are not JSON', () => {
    expect(failure('json.match_schema', {}, { type: 'unknown' })).toEqual({
      code: 'eval_builtin_error',
      message:
        'json.match_schema: has a primitive type that is NOT VALID -- given: /unknown/ Expected valid values are:[array boolean integer number null object string]',
    });
    expect(failure('json.match_schema', '{bad', {}).message).toBe('json.match_schema: invalid JSON string');
    expect(failure('json.match_schema', 1, {}).message).toBe(
      'json.match_schema: wrong type, expected string or object',
    );
  });
});

describe('json.verify_schema', () => {
  it('answers [true, null] or [false, "jsonschema: <problem>"]', () => {
    expect(
      callJson('json.verify_schema', { $ref: '#/definitions/a', definitions: { a: { type: 'string' } } }),
    ).toEqual([true, null]);
    expect(callJson('json.verify_schema', { minLength: 5, maxLength: 2 })).toEqual([
      false,
      'jsonschema: minLength cannot be greater than maxLength',
    ]);
    expect(callJson('json.verify_schema', { exclusiveMinimum: true })).toEqual([
      false,
      'jsonschema: exclusiveMinimum cannot be used without minimum',
    ]);
  });

  it('does not fetch references to other documents', () => {
    const [ok, message] = callJson('json.verify_schema', { $ref: 'http://example.com/s.json' }) as [
      boolean,
      string,
    ];
    expect(ok).toBe(false);
    expect(message).toContain('does not fetch');
  });
});
