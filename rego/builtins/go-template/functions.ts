/**
 * The predefined functions of Go templates other than comparisons and `and`/`or`: `index`,
 * `slice`, `len`, `not`, `print`/`printf`/`println`, `html`, `js`, `urlquery` and `call`, with
 * Go's results and error texts.
 */
import { utf8Bytes, utf8Text } from '../bytes.ts';
import type { GoArg } from '../go-fmt/index.ts';
import { formatGoArgs } from '../go-fmt/index.ts';
import { FunctionError } from './function-error.ts';
import {
  boxed,
  type Concrete,
  concrete,
  type GoValue,
  lengthOf,
  printText,
  typeName,
  unboxed,
} from './values.ts';

function indexArg(index: GoValue, cap: number): number {
  if (index.kind === 'invalid') throw new FunctionError('cannot index slice/array with nil');
  if (index.kind !== 'int' && index.kind !== 'uint8')
    throw new FunctionError(`cannot index slice/array with type ${typeName(index)}`);
  if (index.v < 0n || index.v > BigInt(cap)) throw new FunctionError(`index out of range: ${index.v}`);
  return Number(index.v);
}

/** `index item i j …`: `item[i][j]…` over slices, strings (a byte) and maps (a missing key is nil). */
export function index(item: GoValue, ...indexes: GoValue[]): GoValue {
  let current = unboxed(item);
  if (current.kind === 'invalid') throw new FunctionError('index of untyped nil');
  for (const raw of indexes) {
    const i = unboxed(raw);
    if (current.kind === 'iface') {
      if (current.v.kind === 'nil') throw new FunctionError('index of nil pointer');
      current = current.v;
    }
    if (current.kind === 'slice' || current.kind === 'string' || current.kind === 'json.Number') {
      const bytes: Uint8Array | undefined = current.kind === 'slice' ? undefined : utf8Bytes(current.v);
      const length: number = bytes ? bytes.length : (current as { v: readonly Concrete[] }).v.length;
      const x = indexArg(i, length);
      if (x === length) throw new FunctionError(`reflect: ${bytes ? 'string' : 'slice'} index out of range`);
      current = bytes
        ? { kind: 'uint8', v: BigInt(bytes[x] as number) }
        : boxed((current as { v: readonly Concrete[] }).v[x] as Concrete);
    } else if (current.kind === 'map') {
      if (i.kind === 'invalid') throw new FunctionError('value is nil; should be of type string');
      if (i.kind !== 'string') throw new FunctionError(`value has type ${typeName(i)}; should be string`);
      else current = boxed(current.v.get(i.v) ?? { kind: 'nil' });
    } else throw new FunctionError(`can't index item of type ${typeName(current)}`);
  }
  return current;
}

/** `slice item [i [j [k]]]`: `item[i:j:k]` of a string (by bytes) or slice. */
export function slice(item: GoValue, ...indexes: GoValue[]): GoValue {
  const v = unboxed(item);
  if (v.kind === 'invalid') throw new FunctionError('slice of untyped nil');
  if (v.kind === 'iface') throw new FunctionError('slice of nil pointer');
  if (indexes.length > 3) throw new FunctionError(`too many slice indexes: ${indexes.length}`);
  let length: number;
  if (v.kind === 'string' || v.kind === 'json.Number') {
    if (indexes.length === 3) throw new FunctionError('cannot 3-index slice a string');
    length = utf8Bytes(v.v).length;
  } else if (v.kind === 'slice') length = v.v.length;
  else throw new FunctionError(`can't slice item of type ${typeName(v)}`);
  const idx = [0, length, length];
  indexes.forEach((x, n) => {
    // Unlike `index`, Go's `slice` does not look inside interface-typed indexes.
    idx[n] = indexArg(x, length);
  });
  const [from, to, max] = idx as [number, number, number];
  if (from > to) throw new FunctionError(`invalid slice index: ${from} > ${to}`);
  if (indexes.length === 3 && to > max) throw new FunctionError(`invalid slice index: ${to} > ${max}`);
  if (v.kind === 'slice') return { kind: 'slice', v: v.v.slice(from, to) };
  return { kind: v.kind, v: utf8Text(utf8Bytes(v.v).slice(from, to)) };
}

/** `len item`. */
export function len(item: GoValue): GoValue {
  if (item.kind === 'iface' && item.v.kind === 'nil') throw new FunctionError('len of nil pointer');
  if (item.kind === 'invalid') throw new FunctionError('reflect: call of reflect.Value.Type on zero Value');
  const c = concrete(item);
  const n = lengthOf(c);
  if (n === undefined) throw new FunctionError(`len of type ${typeName(c)}`);
  return { kind: 'int', v: BigInt(n) };
}

/** A value as an argument of Go's `fmt`. */
export function fmtArg(v: GoValue): GoArg {
  const c = concrete(v);
  switch (c.kind) {
    case 'nil':
      return { type: 'nil' };
    case 'bool':
      return { type: 'bool', value: c.v };
    case 'int':
    case 'uint8':
      return { type: 'int', value: c.v };
    case 'float64':
      return { type: 'float64', value: c.v };
    case 'string':
      return { type: 'string', value: c.v };
    case 'json.Number':
      return { type: 'stringer', name: 'json.Number', value: c.v };
    case 'slice':
      return { type: 'composite', name: typeName(c), value: printText(c), items: c.v.map(element) };
    case 'map':
      return {
        type: 'composite',
        name: typeName(c),
        value: printText(c),
        keys: [...c.v.keys()],
        items: [...c.v.values()].map(element),
      };
  }
}

/** An element inside a map or slice: a nil one prints as `<nil>` whatever the verb. */
function element(c: Concrete): GoArg {
  return c.kind === 'nil' ? { type: 'composite', name: 'interface {}', value: '<nil>' } : fmtArg(c);
}

const isStringKind = (c: Concrete): boolean => c.kind === 'string' || c.kind === 'json.Number';

/** Go's `fmt.Sprint`: operands' text, a space between two operands when neither is a string. */
export function sprint(args: readonly GoValue[]): string {
  const values = args.map(concrete);
  return values
    .map((c, i) => {
      const prev = values[i - 1];
      const space = prev !== undefined && !isStringKind(prev) && !isStringKind(c) ? ' ' : '';
      return space + printText(c);
    })
    .join('');
}

/** Go's `fmt.Sprintln`: operands' text separated by spaces, and a newline. */
export function sprintln(args: readonly GoValue[]): string {
  return `${args.map((a) => printText(concrete(a))).join(' ')}\n`;
}

/** Go's `fmt.Sprintf`. */
export function sprintf(format: string, args: readonly GoValue[]): string {
  return formatGoArgs(format, args.map(fmtArg));
}

/**
 * The text the escaping functions work on: a lone string itself, else `fmt.Sprint` of the
 * arguments, where Go's `printableValue` turns a nil one into the string `<no value>`.
 */
function escapeInput(args: readonly GoValue[]): string {
  const only = args.length === 1 ? concrete(args[0] as GoValue) : undefined;
  if (only?.kind === 'string') return only.v;
  return sprint(args.map((a) => (concrete(a).kind === 'nil' ? { kind: 'string', v: '<no value>' } : a)));
}

const HTML: Readonly<Record<string, string>> = {
  '"': '&#34;',
  "'": '&#39;',
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\0': '\ufffd',
};

/** `html`: Go's `HTMLEscapeString` of the arguments' text. */
export function html(args: readonly GoValue[]): string {
  return escapeInput(args).replace(/["'&<>\0]/g, (c) => HTML[c] as string);
}

const JS: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '<': '\\u003C',
  '>': '\\u003E',
  '&': '\\u0026',
  '=': '\\u003D',
};
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** `js`: Go's `JSEscapeString` of the arguments' text. */
export function js(args: readonly GoValue[]): string {
  let out = '';
  for (const c of escapeInput(args)) {
    const cp = c.codePointAt(0) as number;
    if (JS[c] !== undefined) out += JS[c];
    else if (cp >= 0x20 && cp < 0x80) out += c;
    else if (PRINTABLE.test(c)) out += c;
    else out += `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

/** `urlquery`: Go's `url.QueryEscape` of the arguments' text. */
export function urlquery(args: readonly GoValue[]): string {
  let out = '';
  for (const b of utf8Bytes(escapeInput(args))) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
