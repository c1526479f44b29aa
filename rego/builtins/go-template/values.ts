/**
 * Go values as a template sees OPA's data: OPA hands `text/template` the vars object decoded
 * from JSON with numbers kept as `json.Number` (a string type), so data holds
 * `map[string]interface {}`, `[]interface {}`, `string`, `json.Number`, `bool` and `nil`; the
 * template itself adds `int`, `float64` and `uint8` (constants, `len`, indexing a string).
 * Values read out of a map or slice are interface-typed (`interface {}`) until a pipeline
 * unwraps them, which Go's error messages show.
 */
import { formatFloatMagnitude } from '../go-fmt/index.ts';

/** A concrete Go value. */
export type Concrete =
  | { readonly kind: 'nil' }
  | { readonly kind: 'bool'; readonly v: boolean }
  | { readonly kind: 'int' | 'uint8'; readonly v: bigint }
  | { readonly kind: 'float64'; readonly v: number }
  | { readonly kind: 'string' | 'json.Number'; readonly v: string }
  | { readonly kind: 'slice'; readonly v: readonly Concrete[] }
  | { readonly kind: 'map'; readonly v: ReadonlyMap<string, Concrete> };

/**
 * A `reflect.Value`: invalid (no value), an interface holding a concrete value (`nil` kind for
 * a nil interface), or a concrete value.
 */
export type GoValue =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'iface'; readonly v: Concrete }
  | Exclude<Concrete, { kind: 'nil' }>;

/** The invalid `reflect.Value` (Go prints it as `<no value>`). */
export const INVALID: GoValue = { kind: 'invalid' };

/** An element read out of a map or slice: interface-typed. */
export function boxed(c: Concrete): GoValue {
  return { kind: 'iface', v: c };
}

/** What `indirectInterface` gives: the value inside an interface, or invalid for a nil one. */
export function unboxed(v: GoValue): GoValue {
  if (v.kind !== 'iface') return v;
  return v.v.kind === 'nil' ? INVALID : v.v;
}

/** The value as an `any` argument of a function: a nil interface for invalid. */
export function concrete(v: GoValue): Concrete {
  if (v.kind === 'invalid') return { kind: 'nil' };
  return v.kind === 'iface' ? v.v : v;
}

/** Go's name of the value's type (`map[string]interface {}`, `json.Number`, …). */
export function typeName(v: GoValue | Concrete): string {
  switch (v.kind) {
    case 'invalid':
      return '<invalid reflect.Value>';
    case 'iface':
    case 'nil':
      return 'interface {}';
    case 'slice':
      return '[]interface {}';
    case 'map':
      return 'map[string]interface {}';
    default:
      return v.kind;
  }
}

/** Go's `%v` of a float64 (`%g` with the shortest digits: `1e+06`, `0.5`). */
export function floatText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return sign + formatFloatMagnitude(x, 'g', -1);
}

/** Go's `fmt.Sprint` of one value (`map[a:1]`, `[1 2]`, `<nil>`). */
export function printText(v: Concrete): string {
  switch (v.kind) {
    case 'nil':
      return '<nil>';
    case 'bool':
      return String(v.v);
    case 'int':
    case 'uint8':
      return v.v.toString();
    case 'float64':
      return floatText(v.v);
    case 'string':
    case 'json.Number':
      return v.v;
    case 'slice':
      return `[${v.v.map(printText).join(' ')}]`;
    case 'map':
      return `map[${[...v.v].map(([k, e]) => `${k}:${printText(e)}`).join(' ')}]`;
  }
}

/** The number of elements of a string (bytes), slice or map; `undefined` for other kinds. */
export function lengthOf(v: Concrete): number | undefined {
  if (v.kind === 'string' || v.kind === 'json.Number') return new TextEncoder().encode(v.v).length;
  if (v.kind === 'slice') return v.v.length;
  if (v.kind === 'map') return v.v.size;
  return undefined;
}

/** Go's truth of a value in `if`, `with`, `and`, `or`, `not`: not the zero value of its type. */
export function truth(v: GoValue): boolean {
  const c = unboxed(v);
  switch (c.kind) {
    case 'invalid':
      return false;
    case 'bool':
      return c.v;
    case 'int':
    case 'uint8':
      return c.v !== 0n;
    case 'float64':
      return c.v !== 0;
    case 'iface':
      return true;
    default:
      return (lengthOf(c) ?? 1) > 0;
  }
}
