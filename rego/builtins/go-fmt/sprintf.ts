/**
 * `sprintf` with Go's `fmt` semantics as OPA feeds it: integers are `int` (or `*big.Int` when
 * larger), other numbers `float64`, strings themselves, and every other value its Rego text
 * (so `%v` of an array prints `["a", 1]`). Go's error markers (`%!d(string=x)`, `%!v(MISSING)`,
 * `%!(EXTRA …)`) are reproduced.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import type { Value } from '../../value/index.ts';
import { utf8Bytes } from '../bytes.ts';
import { arrayArg, builtinError, defineFunction, stringArg } from '../operands.ts';
import { goQuote, numberText } from '../rego-text.ts';
import { formatFloatMagnitude } from './float.ts';
import { binaryFloatMagnitude, hexFloatMagnitude } from './float-binary.ts';
import { type FormatFlags, formatInteger, pad, quoteRune } from './integer.ts';
import { type GoArg, type GoIntType, toGoArg } from './operand.ts';

/** Largest width or precision Go's `fmt` accepts. */
const MAX_WIDTH = 1_000_000;

function isMachineInt(a: GoArg): a is { type: GoIntType; value: bigint } {
  return a.type === 'int' || a.type === 'int64';
}

function plainText(a: GoArg): string {
  switch (a.type) {
    case 'float64':
      return formatFloat(a.value, 'g', freshFlags());
    case 'bool':
      return String(a.value);
    case 'nil':
      return '<nil>';
    case 'int':
    case 'int64':
    case '*big.Int':
      return numberText(a.value);
    default:
      return a.value;
  }
}

function typeName(a: GoArg): string {
  return a.type === 'stringer' || a.type === 'composite' ? a.name : a.type;
}

/** Go prints a wrong-type operand with `%v` under the verb's own width, precision and flags. */
function badVerb(verb: string, a: GoArg, f: FormatFlags): string {
  if (a.type === 'nil') return `%!${verb}(<nil>)`;
  return a.type === '*big.Int'
    ? `%!${verb}(big.Int=${a.value})`
    : `%!${verb}(${typeName(a)}=${formatArg(a, 'v', f)})`;
}

function freshFlags(): FormatFlags {
  return { plus: false, minus: false, sharp: false, space: false, zero: false };
}

function floatMagnitude(x: number, verb: string, f: FormatFlags): string {
  if (verb === 'x' || verb === 'X') {
    if (f.prec !== undefined)
      throw builtinError('sprintf', `%.${f.prec}${verb} of a floating-point number is not supported`);
    return hexFloatMagnitude(Math.abs(x), verb === 'X');
  }
  if (verb === 'b') return binaryFloatMagnitude(Math.abs(x));
  const fmt = (verb === 'v' ? 'g' : verb) as 'e' | 'E' | 'f' | 'F' | 'g' | 'G';
  const defaultPrec = fmt === 'e' || fmt === 'E' || fmt === 'f' || fmt === 'F' ? 6 : -1;
  return formatFloatMagnitude(x, fmt, f.prec ?? defaultPrec);
}

function formatFloat(x: number, verb: string, f: FormatFlags): string {
  const digits = floatMagnitude(x, verb, f);
  const sign = x < 0 || Object.is(x, -0) ? '-' : f.plus ? '+' : f.space ? ' ' : '';
  if (f.zero && !f.minus && f.width !== undefined && f.width > sign.length + digits.length) {
    return sign + '0'.repeat(f.width - sign.length - digits.length) + digits;
  }
  return pad(sign + digits, f);
}

/**
 * Go's `strconv.CanBackquote`: no backquote, no control character other than tab, no byte-order
 * mark; any other rune beyond ASCII is fine (a lone surrogate stands for Go's U+FFFD).
 */
function canBackquote(s: string): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (ch === '`' || ch === '\ufeff' || c === 0x7f || (c < 0x20 && c !== 0x09)) return false;
  }
  return true;
}

/** The first `prec` runes of `s` (Go's `truncateString`), all of it without a precision. */
function truncated(s: string, prec: number | undefined): string {
  return prec === undefined ? s : Array.from(s).slice(0, prec).join('');
}

function formatString(s: string, verb: string, f: FormatFlags): string | undefined {
  switch (verb) {
    case 's':
    case 'v':
      return pad(truncated(s, f.prec), f);
    case 'q': {
      const t = truncated(s, f.prec);
      return pad(f.sharp && canBackquote(t) ? `\`${t}\`` : goQuote(t, f.plus), f);
    }
    case 'x':
    case 'X': {
      const bytes = [...utf8Bytes(s)].map((b) => b.toString(16).padStart(2, '0'));
      const hex = bytes.map((b) => (f.sharp ? `0x${b}` : b)).join(f.space ? ' ' : '');
      return pad(verb === 'X' ? hex.toUpperCase() : hex, f);
    }
    default:
      return undefined;
  }
}

/** Go formats a map's or slice's keys and elements each with the verb: `map[a:%!d(string=x)]`. */
function formatComposite(a: Extract<GoArg, { type: 'composite' }>, verb: string, f: FormatFlags): string {
  if (!a.items) return a.value;
  const parts = a.items.map((item, i) => {
    const key = a.keys?.[i];
    const text = formatArg(item, verb, f);
    return key === undefined ? text : `${formatArg({ type: 'string', value: key }, verb, f)}:${text}`;
  });
  return a.keys ? `map[${parts.join(' ')}]` : `[${parts.join(' ')}]`;
}

function formatArg(a: GoArg, verb: string, f: FormatFlags): string {
  if (verb === 'T') return pad(a.type === 'nil' ? '<nil>' : typeName(a), f);
  let out: string | undefined;
  if (a.type === 'string' || a.type === 'stringer') out = formatString(a.value, verb, f);
  else if (a.type === 'bool') out = verb === 't' || verb === 'v' ? pad(String(a.value), f) : undefined;
  else if (a.type === 'nil') out = verb === 'v' ? pad('<nil>', f) : undefined;
  else if (a.type === 'composite') out = formatComposite(a, verb, f);
  else if (a.type === 'float64') {
    if ('eEfFgGvbxX'.includes(verb)) out = formatFloat(a.value, verb, f);
  } else if (verb === 'c' && isMachineInt(a)) out = pad(String.fromCodePoint(Number(a.value)), f);
  else if (verb === 'q' && isMachineInt(a)) out = pad(quoteRune(Number(a.value), f.plus), f);
  else if (verb === 'U' && isMachineInt(a)) {
    const hex = a.value.toString(16).toUpperCase().padStart(4, '0');
    out = pad(f.sharp ? `U+${hex} '${String.fromCodePoint(Number(a.value))}'` : `U+${hex}`, f);
  } else out = formatInteger(a.value, verb, f, a.type === '*big.Int');
  return out ?? badVerb(verb, a, f);
}

/**
 * Go's `fmt.Sprintf(format, args...)` of Rego values, converted as OPA converts them.
 * @param intType the Go type integers are given as (default `int`, as OPA v1.15)
 * @example goSprintf('%d items', [3]); // '3 items'
 */
export function goSprintf(format: string, values: readonly Value[], intType: GoIntType = 'int'): string {
  return formatGoArgs(
    format,
    values.map((v) => toGoArg(v, intType)),
  );
}

/** Go's `fmt.Sprintf(format, args...)`. */
export function formatGoArgs(format: string, args: readonly GoArg[]): string {
  let out = '';
  let argNum = 0;
  let reordered = false;
  let i = 0;
  const readIndex = (): boolean => {
    if (format[i] !== '[') return true;
    reordered = true;
    const close = format.indexOf(']', i);
    const n = close < 0 ? Number.NaN : Number(format.slice(i + 1, close));
    i = close < 0 ? format.length : close + 1;
    if (!Number.isInteger(n) || n < 1 || n > args.length) return false;
    argNum = n - 1;
    return true;
  };
  // Go gives up on widths and precisions over a million: the rest of the format is consumed.
  const readNumber = (): number | undefined => {
    const start = i;
    let n = 0;
    for (; i < format.length && format.charCodeAt(i) >= 48 && format.charCodeAt(i) <= 57; i++) {
      n = n * 10 + format.charCodeAt(i) - 48;
      if (n > MAX_WIDTH) {
        i = format.length;
        return undefined;
      }
    }
    return i === start ? undefined : n;
  };
  const starArg = (): number | undefined => {
    const a = args[argNum++];
    return a && isMachineInt(a) && a.value >= -MAX_WIDTH && a.value <= MAX_WIDTH
      ? Number(a.value)
      : undefined;
  };
  while (i < format.length) {
    const next = format.indexOf('%', i);
    if (next < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, next);
    i = next + 1;
    const f = freshFlags();
    for (; i < format.length; i++) {
      const c = format[i];
      if (c === '+') f.plus = true;
      else if (c === '-') [f.minus, f.zero] = [true, false];
      else if (c === '#') f.sharp = true;
      else if (c === ' ') f.space = true;
      else if (c === '0') f.zero = !f.minus;
      else break;
    }
    let goodIndex = readIndex();
    if (format[i] === '*') {
      i++;
      const w = starArg();
      if (w === undefined) out += '%!(BADWIDTH)';
      else if (w < 0) [f.width, f.minus, f.zero] = [-w, true, false];
      else f.width = w;
    } else f.width = readNumber();
    if (format[i] === '.') {
      i++;
      goodIndex = goodIndex && readIndex();
      if (format[i] === '*') {
        i++;
        const p = starArg();
        if (p === undefined || p < 0) out += '%!(BADPREC)';
        else f.prec = p;
      } else f.prec = readNumber() ?? 0;
    }
    goodIndex = goodIndex && readIndex();
    if (i >= format.length) {
      out += '%!(NOVERB)';
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i) as number);
    i += verb.length;
    if (verb === '%') out += '%';
    else if (!goodIndex) out += `%!${verb}(BADINDEX)`;
    else if (argNum >= args.length) out += `%!${verb}(MISSING)`;
    else out += formatArg(args[argNum++] as GoArg, verb, f);
  }
  if (!reordered && argNum < args.length) {
    out += `%!(EXTRA ${args
      .slice(argNum)
      .map((a) => (a.type === 'nil' ? '<nil>' : `${typeName(a)}=${plainText(a)}`))
      .join(', ')})`;
  }
  return out;
}

/**
 * The `sprintf` built-in, integers given to Go's `fmt` as `intType`.
 * @example createSprintfBuiltins('int64'); // OPA v1.22's sprintf
 */
export function createSprintfBuiltins(intType: GoIntType): readonly BuiltinDefinition[] {
  return [
    defineFunction('sprintf', 2, (args) =>
      goSprintf(stringArg('sprintf', args, 0), arrayArg('sprintf', args, 1), intType),
    ),
  ];
}

/** The `sprintf` built-in of OPA v1.15. */
export const sprintfBuiltins: readonly BuiltinDefinition[] = createSprintfBuiltins('int');
