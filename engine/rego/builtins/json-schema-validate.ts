/**
 * Validating a document against a parsed schema as gojsonschema (OPA's fork) does: the same
 * keyword order, error types, descriptions and fields (`(Root)`, `a.0.b`), and its scores for
 * picking which failed branch of `anyOf`, `oneOf` and `contains` to report. (Go walks maps in
 * random order; the engine walks keys sorted.)
 */
import { matches } from './go-regexp.ts';
import { type Doc, isDocNumber, isDocObject, marshal } from './json-schema-doc.ts';
import { matchesFormat } from './json-schema-formats.ts';
import { compareRational, isIntegral, isMultiple, rational, rationalText } from './json-schema-number.ts';
import type { SubSchema } from './json-schema-types.ts';

/** One validation error, as OPA reports it. */
export interface SchemaViolation {
  readonly type: string;
  readonly field: string;
  readonly desc: string;
}

class Result {
  readonly errors: SchemaViolation[] = [];
  score = 0;
  add(type: string, context: readonly string[], desc: string): void {
    this.errors.push({ type, field: context.length === 1 ? '(Root)' : context.slice(1).join('.'), desc });
    this.score -= 2;
  }
  merge(other: Result): void {
    this.errors.push(...other.errors);
    this.score += other.score;
  }
  get valid(): boolean {
    return this.errors.length === 0;
  }
}

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
  if (Array.isArray(node)) validateArray(s, node, r, context);
  if (isDocObject(node)) validateObject(s, node, r, context);
  validateCommon(s, node, r, context);
  if (typeof node === 'string') validateString(s, node, r, context);
  if (isDocObject(node)) {
    for (const [name, child] of s.properties) {
      if (name in node) validate(child, node[name] as Doc, r, [...context, name]);
    }
  }
  r.score++;
}

/** The branch with the best score among failed ones (the first on ties). */
function best(results: readonly Result[]): Result | undefined {
  let top: Result | undefined;
  for (const x of results) if (!top || x.score > top.score) top = x;
  return top;
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

function validateCommon(s: SubSchema, node: Doc, r: Result, context: readonly string[]): void {
  if (s.constText !== undefined && marshal(node) !== s.constText) {
    r.add('const', context, `${fieldOf(context)} does not match: ${s.constText}`);
  }
  if (s.enumTexts.length > 0 && !s.enumTexts.includes(marshal(node))) {
    r.add('enum', context, `${fieldOf(context)} must be one of the following: ${s.enumTexts.join(', ')}`);
  }
  if (s.format !== undefined && !matchesFormat(s.format, node)) {
    r.add('format', context, `Does not match format '${s.format}'`);
  }
  r.score++;
}

function fieldOf(context: readonly string[]): string {
  return context.length === 1 ? '(Root)' : context.slice(1).join('.');
}

function validateArray(s: SubSchema, node: Doc[], r: Result, context: readonly string[]): void {
  if (s.itemsSingle) {
    const item = s.items[0] as SubSchema;
    node.forEach((x, i) => {
      r.merge(subValidate(item, x, [...context, String(i)]));
    });
  } else if (s.items.length > 0) {
    const n = Math.min(s.items.length, node.length);
    for (let i = 0; i < n; i++)
      r.merge(subValidate(s.items[i] as SubSchema, node[i] as Doc, [...context, String(i)]));
    if (s.items.length < node.length) {
      if (s.additionalItems === false)
        r.add('array_no_additional_items', context, 'No additional items allowed on array');
      else if (typeof s.additionalItems === 'object') {
        for (let i = s.items.length; i < node.length; i++) {
          r.merge(subValidate(s.additionalItems, node[i] as Doc, [...context, String(i)]));
        }
      }
    }
  }
  if (s.minItems !== undefined && node.length < s.minItems) {
    r.add('array_min_items', context, `Array must have at least ${s.minItems} items`);
  }
  if (s.maxItems !== undefined && node.length > s.maxItems) {
    r.add('array_max_items', context, `Array must have at most ${s.maxItems} items`);
  }
  if (s.uniqueItems) {
    const seen = new Map<string, number>();
    node.forEach((x, j) => {
      const text = marshal(x);
      const i = seen.get(text);
      if (i !== undefined) r.add('unique', context, `array items[${i},${j}] must be unique`);
      seen.set(text, j);
    });
  }
  if (s.contains) {
    const failed: Result[] = [];
    let ok = false;
    for (let i = 0; i < node.length && !ok; i++) {
      const x = subValidate(s.contains, node[i] as Doc, [...context, String(i)]);
      if (x.valid) ok = true;
      else failed.push(x);
    }
    if (!ok) {
      r.add('contains', context, 'At least one of the items must match');
      const b = best(failed);
      if (b) r.merge(b);
    }
  }
  r.score++;
}

function validateObject(
  s: SubSchema,
  node: { [k: string]: Doc },
  r: Result,
  context: readonly string[],
): void {
  const keys = Object.keys(node).sort();
  if (s.minProperties !== undefined && keys.length < s.minProperties) {
    r.add('array_min_properties', context, `Must have at least ${s.minProperties} properties`);
  }
  if (s.maxProperties !== undefined && keys.length > s.maxProperties) {
    r.add('array_max_properties', context, `Must have at most ${s.maxProperties} properties`);
  }
  for (const name of s.required) {
    if (name in node) r.score++;
    else r.add('required', context, `${name} is required`);
  }
  for (const key of keys) {
    const declared = s.properties.some(([name]) => name === key);
    let patterned = false;
    for (const [re, child] of s.patternProperties ?? []) {
      if (!matches(re, key)) continue;
      patterned = true;
      r.merge(subValidate(child, node[key] as Doc, [...context, key]));
    }
    if (patterned) r.score++;
    if (declared || patterned) continue;
    if (s.additionalProperties === false) {
      r.add('additional_property_not_allowed', context, `Additional property ${key} is not allowed`);
    } else if (typeof s.additionalProperties === 'object') {
      r.merge(subValidate(s.additionalProperties, node[key] as Doc, [...context, key]));
    }
  }
  if (s.propertyNames) {
    for (const key of keys) {
      const x = subValidate(s.propertyNames, key, context);
      if (!x.valid) {
        r.add('invalid_property_name', context, `Property name of "${key}" does not match`);
        r.merge(x);
      }
    }
  }
  r.score++;
}

function validateString(s: SubSchema, node: string, r: Result, context: readonly string[]): void {
  const length = [...node].length;
  if (s.minLength !== undefined && length < s.minLength) {
    r.add('string_gte', context, `String length must be greater than or equal to ${s.minLength}`);
  }
  if (s.maxLength !== undefined && length > s.maxLength) {
    r.add('string_lte', context, `String length must be less than or equal to ${s.maxLength}`);
  }
  r.score++;
}

function validateNumber(s: SubSchema, node: number | bigint, r: Result, context: readonly string[]): void {
  const v = rational(node);
  if (s.multipleOf && !isMultiple(v, s.multipleOf)) {
    r.add('multiple_of', context, `Must be a multiple of ${rationalText(s.multipleOf)}`);
  }
  if (s.maximum && compareRational(v, s.maximum) > 0) {
    r.add('number_lte', context, `Must be less than or equal to ${rationalText(s.maximum)}`);
  }
  if (s.exclusiveMaximum && compareRational(v, s.exclusiveMaximum) >= 0) {
    r.add('number_lt', context, `Must be less than ${rationalText(s.exclusiveMaximum)}`);
  }
  if (s.minimum && compareRational(v, s.minimum) < 0) {
    r.add('number_gte', context, `Must be greater than or equal to ${rationalText(s.minimum)}`);
  }
  if (s.exclusiveMinimum && compareRational(v, s.exclusiveMinimum) <= 0) {
    r.add('number_gt', context, `Must be greater than ${rationalText(s.exclusiveMinimum)}`);
  }
  r.score++;
}

/** The violations of `document` against `schema`, in gojsonschema's order. */
export function validateDocument(schema: SubSchema, document: Doc): SchemaViolation[] {
  return subValidate(schema, document, ['(Root)']).errors;
}
