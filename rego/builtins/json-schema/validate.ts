import { type Doc, isDocNumber, isDocObject } from './doc.ts';
import { isIntegral } from './number.ts';
import { best, Result, type SchemaViolation } from './result.ts';
import type { SubSchema } from './types.ts';
import {
  validateArray,
  validateCommon,
  validateNumber,
  validateObject,
  validateString,
} from './validate-values.ts';

function typeName(types: readonly string[]): string {
  return types.length > 1 ? `[${types.join(',')}]` : (types[0] ?? 'Undefined');
}

function subValidate(s: SubSchema, node: Doc, context: readonly string[]): Result {
  const r = new Result();
  validate(s, node, r, context);
  return r;
}

/** The kind gojsonschema checks `type` against: numbers are `integer` when integral. */
function givenType(node: Doc): string {
  if (node === null) return 'null';
  if (isDocNumber(node)) return isIntegral(node) ? 'integer' : 'number';
  if (Array.isArray(node)) return 'array';
  if (isDocObject(node)) return 'object';
  return typeof node === 'boolean' ? 'boolean' : 'string';
}

function validate(s: SubSchema, node: Doc, r: Result, context: readonly string[]): void {
  if (s.pass !== undefined) {
    if (!s.pass) r.add('false', context, 'False always fails validation');
    return;
  }
  if (s.refSchema) {
    validate(s.refSchema, node, r, context);
    return;
  }
  const given = givenType(node);
  const fits = s.types.includes(given) || (given === 'integer' && s.types.includes('number'));
  if (s.types.length > 0 && !fits) {
    r.add('invalid_type', context, `Invalid type. Expected: ${typeName(s.types)}, given: ${given}`);
    return;
  }
  validateCombinators(s, node, r, context);
  if (isDocNumber(node)) validateNumber(s, node, r, context);
  if (Array.isArray(node)) validateArray(s, node, r, context, subValidate);
  if (isDocObject(node)) validateObject(s, node, r, context, subValidate);
  validateCommon(s, node, r, context);
  if (typeof node === 'string') validateString(s, node, r, context);
  if (isDocObject(node)) {
    for (const [name, child] of s.properties) {
      if (name in node) validate(child, node[name] as Doc, r, [...context, name]);
    }
  }
  r.score++;
}

function validateCombinators(s: SubSchema, node: Doc, r: Result, context: readonly string[]): void {
  if (s.anyOf.length > 0) {
    const failed: Result[] = [];
    let ok = false;
    for (const branch of s.anyOf) {
      const x = subValidate(branch, node, context);
      if (x.valid) {
        ok = true;
        break;
      }
      failed.push(x);
    }
    if (!ok) {
      r.add('number_any_of', context, 'Must validate at least one schema (anyOf)');
      const b = best(failed);
      if (b) r.merge(b);
    }
  }
  if (s.oneOf.length > 0) {
    let passed = 0;
    const failed: Result[] = [];
    for (const branch of s.oneOf) {
      const x = subValidate(branch, node, context);
      if (x.valid) passed++;
      else if (passed === 0) failed.push(x);
    }
    if (passed !== 1) {
      r.add('number_one_of', context, 'Must validate one and only one schema (oneOf)');
      const b = best(failed);
      if (passed === 0 && b) r.merge(b);
    }
  }
  if (s.allOf.length > 0) {
    let passed = 0;
    for (const branch of s.allOf) {
      const x = subValidate(branch, node, context);
      if (x.valid) passed++;
      r.merge(x);
    }
    if (passed !== s.allOf.length) r.add('number_all_of', context, 'Must validate all the schemas (allOf)');
  }
  if (s.not && subValidate(s.not, node, context).valid) {
    r.add('number_not', context, 'Must not validate the schema (not)');
  }
  if (s.dependencies && isDocObject(node)) {
    for (const key of Object.keys(node).sort()) {
      const dep = s.dependencies.find(([k]) => k === key)?.[1];
      if (Array.isArray(dep)) {
        for (const needed of dep) {
          if (!(needed in node)) r.add('missing_dependency', context, `Has a dependency on ${needed}`);
        }
      } else if (dep) validate(dep, node, r, context);
    }
  }
  if (s.if) {
    const ifValid = subValidate(s.if, node, context).valid;
    const branch = ifValid ? s.then : s.else;
    if (branch) {
      const x = subValidate(branch, node, context);
      if (!x.valid) {
        r.add(
          ifValid ? 'condition_then' : 'condition_else',
          context,
          ifValid ? 'Must validate "then" as "if" was valid' : 'Must validate "else" as "if" was not valid',
        );
        r.merge(x);
      }
    }
  }
  r.score++;
}

/** The violations of `document` against `schema`, in gojsonschema's order. */
export function validateDocument(schema: SubSchema, document: Doc): SchemaViolation[] {
  return subValidate(schema, document, ['(Root)']).errors;
}
