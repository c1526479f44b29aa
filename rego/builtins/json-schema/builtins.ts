/**
 * `json.verify_schema` and `json.match_schema`: JSON schemas (drafts 4, 6 and 7, as OPA's fork of
 * gojsonschema reads them) checked and applied with gojsonschema's error texts and error objects
 * (`{error, type, field, desc}`).
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { isObject, type Value } from '../../value/index.ts';
import { JsonSyntaxError, parseJson } from '../json-text.ts';
import { builtinError, defineFunction } from '../operands.ts';
import { type Doc, toDoc } from './doc.ts';
import { parseSchemaDocument } from './parse.ts';
import { SchemaError, type SchemaReading, type SubSchema } from './types.ts';
import { validateDocument } from './validate.ts';

/** A problem loading an operand, worded as OPA words it. */
class LoadError extends Error {}

/** An operand as gojsonschema loads it: JSON text, or an object or array. */
function load(v: Value): Doc {
  if (typeof v === 'string') {
    try {
      return toDoc(parseJson(v));
    } catch (e) {
      if (e instanceof JsonSyntaxError) throw new LoadError('invalid JSON string');
      throw e;
    }
  }
  if (isObject(v) || Array.isArray(v)) return toDoc(v);
  throw new LoadError('wrong type, expected string or object');
}

/** Parsed schemas by how they were read and their text, the 100 most recent. */
const schemas = new Map<string, SubSchema>();

function compile(v: Value, reading: SchemaReading): SubSchema {
  const doc = load(v);
  const text = JSON.stringify(doc, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));
  const key = `${reading.applyPattern ? 'p' : '-'}${text}`;
  const cached = schemas.get(key);
  if (cached) return cached;
  const schema = parseSchemaDocument(doc, reading);
  if (schemas.size >= 100) schemas.delete(schemas.keys().next().value as string);
  schemas.set(key, schema);
  return schema;
}

function problem(e: unknown): string | undefined {
  return e instanceof SchemaError || e instanceof LoadError ? e.message : undefined;
}

/**
 * The JSON-schema built-ins, reading schemas as `reading` says.
 * @example createJsonSchemaBuiltins({ applyPattern: true }); // OPA v1.22's
 */
export function createJsonSchemaBuiltins(reading: SchemaReading): readonly BuiltinDefinition[] {
  return [
    defineFunction('json.verify_schema', 1, (args) => {
      try {
        compile(args[0] as Value, reading);
        return [true, null];
      } catch (e) {
        const message = problem(e);
        if (message === undefined) throw e;
        return [false, `jsonschema: ${message}`];
      }
    }),
    defineFunction('json.match_schema', 2, (args) => {
      try {
        const document = load(args[0] as Value);
        const violations = validateDocument(compile(args[1] as Value, reading), document);
        const errors = violations.map((v) => ({
          error: `${v.field}: ${v.desc}`,
          type: v.type,
          field: v.field,
          desc: v.desc,
        }));
        return [errors.length === 0, errors];
      } catch (e) {
        const message = problem(e);
        if (message === undefined) throw e;
        throw builtinError('json.match_schema', message);
      }
    }),
  ];
}

/** The JSON-schema built-ins of OPA v1.15 (`pattern` type-checked, not applied). */
export const jsonSchemaBuiltins: readonly BuiltinDefinition[] = createJsonSchemaBuiltins({
  applyPattern: false,
});
