/**
 * The keywords of one JSON schema object, read in gojsonschema's order (so the first problem
 * reported is gojsonschema's) with its checks.
 */
import { compileRegex } from '../regex/index.ts';
import { type Doc, type DocObject, isDocNumber, isDocObject, marshal } from './doc.ts';
import { compareRational, type Rational, rational } from './number.ts';
import {
  invalidType,
  mustBeOf,
  readCount,
  readList,
  readNumber,
  readString,
  SchemaError,
  type SchemaReading,
  type SubSchema,
} from './types.ts';

/** gojsonschema's list of types, in its order. */
const TYPES = ['array', 'boolean', 'integer', 'number', 'null', 'object', 'string'];

/** gojsonschema's "hybrid" draft: every draft's keywords. */
export const HYBRID = Number.MAX_SAFE_INTEGER;

/** Reads a subschema (an object, or a boolean from draft 6 on). */
export type ParseSubschema = (node: Doc) => SubSchema;

const isSchemaNode = (v: Doc | undefined): v is boolean | DocObject =>
  typeof v === 'boolean' || isDocObject(v);

function addType(s: SubSchema, t: string): void {
  if (!TYPES.includes(t)) {
    throw new SchemaError(
      `has a primitive type that is NOT VALID -- given: /${t}/ Expected valid values are:[${TYPES.join(' ')}]`,
    );
  }
  if (s.types.includes(t)) throw new SchemaError(`${t} type is duplicated`);
  s.types.push(t);
}

function readTypes(s: SubSchema, m: DocObject): void {
  if (!('type' in m)) return;
  const t = m.type;
  if (typeof t === 'string') addType(s, t);
  else if (Array.isArray(t)) {
    for (const x of t) {
      if (typeof x !== 'string') throw invalidType('type', 'string/Array Of Strings');
      addType(s, x);
    }
  } else throw invalidType('type', 'string/Array Of Strings');
}

function readObjectKeywords(s: SubSchema, m: DocObject, draft: number, parse: ParseSubschema): void {
  if ('properties' in m) {
    const props = m.properties;
    if (!isDocObject(props)) throw new SchemaError('Properties must be of type object');
    for (const k of Object.keys(props).sort()) s.properties.push([k, parse(props[k] as Doc)]);
  }
  if ('additionalProperties' in m) {
    const ap = m.additionalProperties;
    if (typeof ap === 'boolean') s.additionalProperties = ap;
    else if (isDocObject(ap)) s.additionalProperties = parse(ap);
    else throw invalidType('boolean/Valid Schema', 'additionalProperties');
  }
  if ('patternProperties' in m) {
    const pp = m.patternProperties;
    if (!isDocObject(pp)) throw invalidType('Valid Schema', 'patternProperties');
    s.patternProperties = Object.keys(pp)
      .sort()
      .map((k) => {
        let re: ReturnType<typeof compileRegex>;
        try {
          re = compileRegex(k);
        } catch {
          throw new SchemaError(`Invalid regex pattern '${k}'`);
        }
        return [re, parse(pp[k] as Doc)];
      });
  }
  if ('propertyNames' in m && draft >= 6) {
    const pn = m.propertyNames;
    if (!isSchemaNode(pn)) throw invalidType('Valid Schema', 'patternProperties');
    s.propertyNames = parse(pn);
  }
  if ('dependencies' in m) {
    const deps = m.dependencies;
    if (!isDocObject(deps)) throw new SchemaError('dependencies must be of type object');
    const wrong = () => new SchemaError('Dependency must be of type Schema Or Array Of Strings');
    s.dependencies = Object.keys(deps)
      .sort()
      .map((k) => {
        const d = deps[k];
        if (Array.isArray(d)) {
          if (!d.every((x) => typeof x === 'string')) throw wrong();
          return [k, d as string[]];
        }
        if (isSchemaNode(d)) return [k, parse(d)];
        throw wrong();
      });
  }
}

function readArrayKeywords(s: SubSchema, m: DocObject, parse: ParseSubschema): void {
  if ('items' in m) {
    const items = m.items;
    if (Array.isArray(items)) {
      for (const x of items) {
        if (!isSchemaNode(x)) throw invalidType('Valid Schema/Array Of Schemas', 'items');
        s.items.push(parse(x));
      }
    } else if (isSchemaNode(items)) {
      s.items.push(parse(items));
      s.itemsSingle = true;
    } else throw invalidType('Valid Schema/Array Of Schemas', 'items');
  }
  if ('additionalItems' in m) {
    const ai = m.additionalItems;
    if (typeof ai === 'boolean') s.additionalItems = ai;
    else if (isDocObject(ai)) s.additionalItems = parse(ai);
    else throw invalidType('boolean/Valid Schema', 'additionalItems');
  }
}

/** `exclusiveMinimum`/`exclusiveMaximum`: a boolean beside its bound (draft 4), or a number. */
function readExclusive(s: SubSchema, m: DocObject, draft: number, key: 'Minimum' | 'Maximum'): void {
  const ex = `exclusive${key}` as const;
  const bound = key === 'Minimum' ? 'minimum' : 'maximum';
  if (!(ex in m)) return;
  const v = m[ex];
  if (typeof v === 'boolean' && (draft === 4 || draft === HYBRID)) {
    if (s[bound] === undefined) throw new SchemaError(`${ex} cannot be used without ${bound}`);
    if (v) {
      s[ex] = s[bound];
      s[bound] = undefined;
    }
  } else if (isDocNumber(v) && draft !== 4) s[ex] = rational(v);
  else throw invalidType(draft === 4 ? 'boolean' : draft === HYBRID ? 'boolean/number' : 'number', ex);
}

function readNumberKeywords(s: SubSchema, m: DocObject, draft: number): void {
  if ('multipleOf' in m) {
    const v = m.multipleOf;
    if (!isDocNumber(v)) throw invalidType('Number', 'multipleOf');
    const r: Rational = rational(v);
    if (compareRational(r, { n: 0n, d: 1n }) <= 0)
      throw new SchemaError('multipleOf must be strictly greater than 0');
    s.multipleOf = r;
  }
  s.minimum = readNumber(m, 'minimum');
  readExclusive(s, m, draft, 'Minimum');
  s.maximum = readNumber(m, 'maximum');
  readExclusive(s, m, draft, 'Maximum');
}

/** Reads the validation keywords of `m` into `s` (after `definitions`, `$ref` and `type`). */
export function readKeywords(
  s: SubSchema,
  m: DocObject,
  draft: number,
  parse: ParseSubschema,
  reading: SchemaReading,
): SubSchema {
  readTypes(s, m);
  readObjectKeywords(s, m, draft, parse);
  readArrayKeywords(s, m, parse);
  readNumberKeywords(s, m, draft);
  s.minLength = readCount(m, 'minLength');
  s.maxLength = readCount(m, 'maxLength');
  if (s.minLength !== undefined && s.maxLength !== undefined && s.minLength > s.maxLength) {
    throw new SchemaError('minLength cannot be greater than maxLength');
  }
  // OPA v1.15's fork of gojsonschema checks the type only and never applies it; v1.22's applies it.
  const pattern = readString(m, 'pattern');
  if (pattern !== undefined && reading.applyPattern) {
    try {
      s.pattern = { source: pattern, regex: compileRegex(pattern) };
    } catch {
      throw new SchemaError('pattern must be a valid regex');
    }
  }
  s.format = readString(m, 'format');
  s.minProperties = readCount(m, 'minProperties');
  s.maxProperties = readCount(m, 'maxProperties');
  if (s.minProperties !== undefined && s.maxProperties !== undefined && s.minProperties > s.maxProperties) {
    throw new SchemaError('minProperties cannot be greater than maxProperties');
  }
  for (const r of readList(m, 'required')) {
    if (typeof r !== 'string') throw invalidType('string', 'required');
    if (s.required.includes(r)) throw new SchemaError('required items must be unique');
    s.required.push(r);
  }
  s.minItems = readCount(m, 'minItems');
  s.maxItems = readCount(m, 'maxItems');
  if ('uniqueItems' in m) {
    if (typeof m.uniqueItems !== 'boolean') throw mustBeOf('uniqueItems', 'boolean');
    s.uniqueItems = m.uniqueItems;
  }
  if ('contains' in m && draft >= 6) s.contains = parse(m.contains as Doc);
  if ('const' in m && draft >= 6) s.constText = marshal(m.const as Doc);
  for (const e of readList(m, 'enum')) {
    const text = marshal(e);
    if (s.enumTexts.includes(text)) throw new SchemaError('enum items must be unique');
    s.enumTexts.push(text);
  }
  s.oneOf = readList(m, 'oneOf').map(parse);
  s.anyOf = readList(m, 'anyOf').map(parse);
  s.allOf = readList(m, 'allOf').map(parse);
  const keys: readonly ('not' | 'if' | 'then' | 'else')[] =
    draft >= 7 ? ['not', 'if', 'then', 'else'] : ['not'];
  for (const k of keys) {
    if (!(k in m)) continue;
    const v = m[k];
    if (!isSchemaNode(v)) throw mustBeOf(k, 'object');
    s[k] = parse(v);
  }
  return s;
}
