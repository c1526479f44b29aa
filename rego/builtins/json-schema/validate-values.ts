/**
 * The keywords gojsonschema checks per kind of value (common, array, object, string, number), in
 * its order and with its error types and descriptions.
 */
import { matches } from '../regex/index.ts';
import { type Doc, marshal } from './doc.ts';
import { matchesFormat } from './formats.ts';
import { compareRational, isMultiple, rational, rationalText } from './number.ts';
import { best, fieldOf, type Result } from './result.ts';
import type { SubSchema } from './types.ts';

/** Validates a value against a subschema into a fresh result. */
export type SubValidate = (s: SubSchema, node: Doc, context: readonly string[]) => Result;

/** `const`, `enum` and `format`. */
export function validateCommon(s: SubSchema, node: Doc, r: Result, context: readonly string[]): void {
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

/** `items`, `additionalItems`, `minItems`, `maxItems`, `uniqueItems`, `contains`. */
export function validateArray(
  s: SubSchema,
  node: Doc[],
  r: Result,
  context: readonly string[],
  sub: SubValidate,
): void {
  if (s.itemsSingle) {
    const item = s.items[0] as SubSchema;
    node.forEach((x, i) => {
      r.merge(sub(item, x, [...context, String(i)]));
    });
  } else if (s.items.length > 0) {
    const n = Math.min(s.items.length, node.length);
    for (let i = 0; i < n; i++)
      r.merge(sub(s.items[i] as SubSchema, node[i] as Doc, [...context, String(i)]));
    if (s.items.length < node.length) {
      if (s.additionalItems === false)
        r.add('array_no_additional_items', context, 'No additional items allowed on array');
      else if (typeof s.additionalItems === 'object') {
        for (let i = s.items.length; i < node.length; i++) {
          r.merge(sub(s.additionalItems, node[i] as Doc, [...context, String(i)]));
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
      const x = sub(s.contains, node[i] as Doc, [...context, String(i)]);
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

/** `minProperties`, `maxProperties`, `required`, `patternProperties`, `additionalProperties`, `propertyNames`. */
export function validateObject(
  s: SubSchema,
  node: { [k: string]: Doc },
  r: Result,
  context: readonly string[],
  sub: SubValidate,
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
      r.merge(sub(child, node[key] as Doc, [...context, key]));
    }
    if (patterned) r.score++;
    if (declared || patterned) continue;
    if (s.additionalProperties === false) {
      r.add('additional_property_not_allowed', context, `Additional property ${key} is not allowed`);
    } else if (typeof s.additionalProperties === 'object') {
      r.merge(sub(s.additionalProperties, node[key] as Doc, [...context, key]));
    }
  }
  if (s.propertyNames) {
    for (const key of keys) {
      const x = sub(s.propertyNames, key, context);
      if (!x.valid) {
        r.add('invalid_property_name', context, `Property name of "${key}" does not match`);
        r.merge(x);
      }
    }
  }
  r.score++;
}

/** `minLength` and `maxLength` (in code points), and `pattern` where the schema keeps it. */
export function validateString(s: SubSchema, node: string, r: Result, context: readonly string[]): void {
  const length = [...node].length;
  if (s.minLength !== undefined && length < s.minLength) {
    r.add('string_gte', context, `String length must be greater than or equal to ${s.minLength}`);
  }
  if (s.maxLength !== undefined && length > s.maxLength) {
    r.add('string_lte', context, `String length must be less than or equal to ${s.maxLength}`);
  }
  if (s.pattern && !matches(s.pattern.regex, node)) {
    r.add('pattern', context, `Does not match pattern '${s.pattern.source}'`);
  }
  r.score++;
}

/** `multipleOf`, `maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`, compared exactly. */
export function validateNumber(
  s: SubSchema,
  node: number | bigint,
  r: Result,
  context: readonly string[],
): void {
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
