/**
 * A Rego object as the data of a template, the way OPA makes it: OPA prints the value as Rego
 * text and decodes that as JSON with numbers kept as `json.Number`, so a set or a non-string
 * key fails with the JSON decoder's message (`invalid character '1' looking for beginning of
 * object key string`).
 */
import { compare, isDecimal, isObject, objectEntries, SetValue, type Value } from '../../value/index.ts';
import { numberText, regoText } from '../rego-text.ts';
import type { Concrete } from './values.ts';

/** Rego data that does not decode as JSON, with the decoder's message. */
export class TemplateDataError extends Error {
  override readonly name = 'TemplateDataError';
}

const invalid = (c: string, context: string): TemplateDataError =>
  new TemplateDataError(`invalid character '${c}' ${context}`);

/** The decoder's error for a set: its text `set()` or `{e1, e2}` read as a JSON value. */
function setError(s: SetValue): TemplateDataError {
  if (s.size === 0) return invalid('s', 'looking for beginning of value');
  const first = s.sorted()[0] as Value;
  if (typeof first !== 'string')
    return invalid(regoText(first)[0] as string, 'looking for beginning of object key string');
  return invalid(s.size === 1 ? '}' : ',', 'after object key');
}

/** Converts `v` as OPA's `ast.As` would, or throws {@link TemplateDataError}. */
export function templateData(v: Value): Concrete {
  if (v === null) return { kind: 'nil' };
  switch (typeof v) {
    case 'boolean':
      return { kind: 'bool', v };
    case 'number':
    case 'bigint':
      return { kind: 'json.Number', v: numberText(v) };
    case 'string':
      return { kind: 'string', v };
  }
  if (isDecimal(v)) return { kind: 'json.Number', v: v.text };
  if (Array.isArray(v)) return { kind: 'slice', v: v.map(templateData) };
  if (v instanceof SetValue) throw setError(v);
  if (!isObject(v)) throw new TemplateDataError('unsupported value');
  const entries: [string, Concrete][] = [];
  const sorted = [...objectEntries(v)].sort(([a], [b]) => compare(a, b));
  for (const [k, e] of sorted) {
    if (typeof k !== 'string')
      throw invalid(regoText(k)[0] as string, 'looking for beginning of object key string');
    entries.push([k, templateData(e)]);
  }
  return { kind: 'map', v: new Map(entries) };
}
