/**
 * `yaml.marshal` as OPA computes it: the value as JSON, read back by go-yaml (numbers become
 * integers or floats, sets arrays, object keys strings) and written by go-yaml's encoder (v2; v3
 * from OPA v1.22) —
 * block style, keys in go-yaml's natural order (`a2` before `a10`), empty collections as `{}` and
 * `[]`, `null`, floats in Go's `%g` form (`1e+06`), strings plain when they would read back as the
 * same string, literal (`|-`) when they hold a line break, quoted otherwise.
 */
import { isNumber, isObject, objectEntries, SetValue, type Value } from '../value/index.ts';
import { analyzeScalar, GoYamlWriter } from './go-yaml-emitter.ts';
import { isGoYamlTimestamp, resolvePlainScalar } from './go-yaml-scalars.ts';
import { writeJson } from './json-text.ts';

type Style = 'plain' | 'double' | 'literal';
interface YamlScalarNode {
  readonly text: string;
  readonly style: Style;
}
type YamlNode =
  | YamlScalarNode
  | { readonly items: readonly YamlNode[] }
  | { readonly entries: readonly (readonly [YamlScalarNode, YamlNode])[] };

const isLetter = (c: string) => /\p{L}/u.test(c);
const isDigit = (c: string) => /\p{Nd}/u.test(c);

/** go-yaml v2's `keyList.Less` on strings: runs of digits compare as numbers, letters after others. */
export function goYamlKeyLess(a: string, b: string): boolean {
  const [ar, br] = [[...a], [...b]];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const [x, y] = [ar[i] as string, br[i] as string];
    if (x === y) continue;
    const [al, bl] = [isLetter(x), isLetter(y)];
    if (al && bl) return (x.codePointAt(0) as number) < (y.codePointAt(0) as number);
    if (al || bl) return bl;
    let [an, bn] = [0n, 0n];
    if (x === '0' || y === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j] as string); j--) {
        if (ar[j] !== '0') {
          [an, bn] = [1n, 1n];
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai] as string); ai++) {
      an = BigInt.asIntN(64, an * 10n + BigInt((ar[ai]?.codePointAt(0) as number) - 48));
    }
    let bi = i;
    for (; bi < br.length && isDigit(br[bi] as string); bi++) {
      bn = BigInt.asIntN(64, bn * 10n + BigInt((br[bi]?.codePointAt(0) as number) - 48));
    }
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return (x.codePointAt(0) as number) < (y.codePointAt(0) as number);
  }
  return ar.length < br.length;
}

/** Go's `strconv.FormatFloat(x, 'g', -1, 64)` with go-yaml's names for the infinities. */
function goFloat(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (!Number.isFinite(x)) return x > 0 ? '.inf' : '-.inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mantissa = '', exp = '0'] = x.toExponential().split('e');
  const exponent = Number(exp);
  if (exponent >= -4 && exponent < 6) return String(x);
  const e = String(Math.abs(exponent)).padStart(2, '0');
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${e}`;
}

/** A string's node: go-yaml's `stringv` choice (the emitter may still quote a plain one). */
function stringNode(s: string): YamlScalarNode {
  if (s.includes('\n')) return { text: s, style: 'literal' };
  const readsBack = resolvePlainScalar(s) === s && !isGoYamlTimestamp(s);
  const base60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/.test(s);
  return { text: s, style: readsBack && !base60 ? 'plain' : 'double' };
}

function numberNode(jsonText: string): YamlScalarNode {
  const n = resolvePlainScalar(jsonText);
  if (typeof n === 'bigint') return { text: n.toString(), style: 'plain' };
  if (typeof n === 'number') return { text: goFloat(n), style: 'plain' };
  return stringNode(jsonText);
}

/**
 * A string as go-yaml reads it back from the JSON: lone surrogates are U+FFFD, and a U+0085 (which
 * Go's JSON leaves raw) is a line break inside a double-quoted scalar, folded with the spaces
 * around it — one into a space, several into one line feed fewer.
 */
function wellFormed(s: string): string {
  return s
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/ *(?:\u0085 *)+/g, (run) => {
      const breaks = run.split('\u0085').length - 1;
      return breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
    });
}

/** The value as go-yaml holds it after reading its JSON. */
function toNode(v: Value): YamlNode {
  if (v === null) return { text: 'null', style: 'plain' };
  if (typeof v === 'boolean') return { text: String(v), style: 'plain' };
  if (typeof v === 'string') return stringNode(wellFormed(v));
  if (isNumber(v)) return numberNode(writeJson(v));
  if (Array.isArray(v)) return { items: v.map(toNode) };
  if (v instanceof SetValue) return { items: v.sorted().map(toNode) };
  if (isObject(v)) {
    const entries = objectEntries(v).map(
      ([k, x]) => [wellFormed(typeof k === 'string' ? k : writeJson(k)), x] as const,
    );
    entries.sort(([a], [b]) => (goYamlKeyLess(a, b) ? -1 : goYamlKeyLess(b, a) ? 1 : 0));
    return { entries: entries.map(([k, x]) => [stringNode(k), toNode(x)] as const) };
  }
  throw new TypeError('yaml.marshal: unsupported value');
}

const isScalarNode = (n: YamlNode): n is YamlScalarNode => 'text' in n;

function emitScalar(w: GoYamlWriter, node: YamlScalarNode, simpleKey: boolean): void {
  const analysis = analyzeScalar(node.text);
  let style = node.style;
  if (simpleKey && analysis.multiline) style = 'double';
  let quoted: 'plain' | 'single' | 'double' | 'literal' = style;
  if (quoted === 'plain' && (!analysis.plainAllowed || (node.text === '' && simpleKey))) quoted = 'single';
  if (quoted === 'single' && !analysis.singleQuotedAllowed) quoted = 'double';
  if (quoted === 'literal' && (!analysis.blockAllowed || simpleKey)) quoted = 'double';
  const saved = w.indent;
  w.indent = w.indent < 0 ? 2 : w.indent + 2;
  if (quoted === 'plain') w.writePlain(node.text, !simpleKey);
  else if (quoted === 'single') w.writeSingleQuoted(node.text, !simpleKey);
  else if (quoted === 'double') w.writeDoubleQuoted(node.text, !simpleKey);
  else w.writeLiteral(node.text);
  w.indent = saved;
}

/** libyaml's `check_simple_key` for a string key. */
function simpleKey(key: YamlScalarNode): boolean {
  return !analyzeScalar(key.text).multiline && new TextEncoder().encode(key.text).length <= 128;
}

function emitNode(w: GoYamlWriter, node: YamlNode, mappingContext: boolean, v3: boolean): void {
  if (isScalarNode(node)) {
    emitScalar(w, node, false);
    return;
  }
  const mapping = 'entries' in node;
  if ((mapping ? node.entries : node.items).length === 0) {
    // An empty collection is written in flow style.
    w.writeIndicator(mapping ? '{' : '[', true, true, false);
    w.writeIndicator(mapping ? '}' : ']', false, false, false);
    return;
  }
  const saved = w.indent;
  if (mapping) {
    w.indent = w.indent < 0 ? 0 : w.indent + 2;
    for (const [key, value] of node.entries) {
      w.writeIndent();
      if (simpleKey(key)) {
        emitScalar(w, key, true);
        w.writeIndicator(':', false, false, false);
      } else {
        w.writeIndicator('?', true, false, true);
        emitScalar(w, key, false);
        w.writeIndent();
        w.writeIndicator(':', true, false, true);
      }
      emitNode(w, value, true, v3);
    }
  } else {
    // go-yaml v2 writes a sequence inside a mapping without indenting it; v3 indents it.
    const indentless = !v3 && mappingContext && !w.indention;
    w.indent = w.indent < 0 ? 0 : indentless ? w.indent : w.indent + 2;
    for (const item of node.items) {
      w.writeIndent();
      w.writeIndicator('-', true, false, true);
      emitNode(w, item, false, v3);
    }
  }
  w.indent = saved;
}

/**
 * The text OPA's `yaml.marshal` gives `v`.
 * @param v3 go-yaml v3's writing (OPA v1.22: no folding, sequences indented), default v2's
 * @example marshalGoYaml(makeObject([['a', null]])); // 'a: null\n'
 */
export function marshalGoYaml(v: Value, v3 = false): string {
  const w = new GoYamlWriter(v3 ? Number.POSITIVE_INFINITY : 80);
  emitNode(w, toNode(v), false, v3);
  w.writeIndent();
  return w.out;
}
