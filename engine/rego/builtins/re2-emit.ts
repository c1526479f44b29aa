/**
 * Turns a parsed Go regular expression into an equivalent JavaScript `RegExp` (`u` flag): Go's
 * ASCII `\s`, newline-only `.`, `^`/`$` and `(?m)` are spelled out, named groups become plain
 * groups (indexes are kept), and case folding uses the `i` flag when it covers the whole
 * expression or is expanded per character otherwise.
 */
import { caseVariants } from './re2-fold.ts';
import { type ClassItem, type Re2Node, Re2SyntaxError, type Re2Tree } from './re2-syntax.ts';

/** Most code points a partly case-insensitive class may span (beyond that it is refused). */
const MAX_FOLD_SPAN = 20_000;

/** JavaScript source and flags for a parsed expression. */
export interface JsRegexSource {
  source: string;
  flags: string;
}

function foldUse(node: Re2Node, seen: { on: boolean; off: boolean }): void {
  switch (node.kind) {
    case 'literal':
    case 'class':
      if (node.fold) seen.on = true;
      else seen.off = true;
      return;
    case 'group':
    case 'repeat':
      foldUse(node.body, seen);
      return;
    case 'concat':
    case 'alternate':
      for (const item of node.items) foldUse(item, seen);
      return;
    default:
      return;
  }
}

function escapeCodePoint(cp: number): string {
  const ch = String.fromCodePoint(cp);
  return /^[0-9A-Za-z]$/.test(ch) ? ch : `\\u{${cp.toString(16)}}`;
}

function mergeRanges(ranges: { lo: number; hi: number }[]): { lo: number; hi: number }[] {
  const sorted = [...ranges].sort((a, b) => a.lo - b.lo);
  const out: { lo: number; hi: number }[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.lo <= last.hi + 1) last.hi = Math.max(last.hi, r.hi);
    else out.push({ ...r });
  }
  return out;
}

function foldItems(items: ClassItem[]): ClassItem[] {
  const out: { lo: number; hi: number }[] = [];
  let span = 0;
  for (const it of items) {
    if ('property' in it)
      throw new Re2SyntaxError('case-insensitive Unicode class not supported here', it.property);
    span += it.hi - it.lo + 1;
    if (span > MAX_FOLD_SPAN) {
      throw new Re2SyntaxError('case-insensitive class too large to translate', `${it.lo}-${it.hi}`);
    }
    out.push(it);
    for (let cp = it.lo; cp <= it.hi; cp++) {
      for (const v of caseVariants(cp)) out.push({ lo: v, hi: v });
    }
  }
  return mergeRanges(out);
}

function classSource(items: ClassItem[], negated: boolean): string {
  const ranges = mergeRanges(items.filter((it): it is { lo: number; hi: number } => !('property' in it)));
  const props = items.filter((it): it is { property: string; negated: boolean } => 'property' in it);
  if (props.length === 0 && ranges.length === 1 && ranges[0]?.lo === 0 && ranges[0].hi === 0x10ffff) {
    return negated ? '[]' : '[^]';
  }
  const body = [
    ...ranges.map((r) =>
      r.lo === r.hi ? escapeCodePoint(r.lo) : `${escapeCodePoint(r.lo)}-${escapeCodePoint(r.hi)}`,
    ),
    ...props.map((p) => (p.negated ? p.property.replace('\\p', '\\P') : p.property)),
  ].join('');
  return `[${negated ? '^' : ''}${body}]`;
}

function isAtom(node: Re2Node): boolean {
  return node.kind === 'literal' || node.kind === 'class' || node.kind === 'any' || node.kind === 'group';
}

function emit(node: Re2Node, manualFold: boolean): string {
  switch (node.kind) {
    case 'literal': {
      if (!(manualFold && node.fold)) return escapeCodePoint(node.cp);
      const variants = caseVariants(node.cp);
      return variants.length === 1 ? escapeCodePoint(node.cp) : `[${variants.map(escapeCodePoint).join('')}]`;
    }
    case 'class':
      return classSource(manualFold && node.fold ? foldItems(node.items) : node.items, node.negated);
    case 'any':
      return node.newline ? '[^]' : '[^\\n]';
    case 'assert':
      switch (node.what) {
        case 'bol':
          return node.multiline ? '(?<![^\\n])' : '^';
        case 'eol':
          return node.multiline ? '(?![^\\n])' : '$';
        case 'bot':
          return '^';
        case 'eot':
          return '$';
        case 'word':
          return '\\b';
        default:
          return '\\B';
      }
    case 'group':
      return `(${node.capture ? '' : '?:'}${emit(node.body, manualFold)})`;
    case 'concat':
      return node.items.map((n) => emit(n, manualFold)).join('');
    case 'alternate':
      return node.items.map((n) => emit(n, manualFold)).join('|');
    case 'repeat': {
      const body = emit(node.body, manualFold);
      const quant =
        node.max === -1
          ? node.min === 0
            ? '*'
            : node.min === 1
              ? '+'
              : `{${node.min},}`
          : node.min === 0 && node.max === 1
            ? '?'
            : node.min === node.max
              ? `{${node.min}}`
              : `{${node.min},${node.max}}`;
      return `${isAtom(node.body) ? body : `(?:${body})`}${quant}${node.greedy ? '' : '?'}`;
    }
  }
}

/** JavaScript source and flags matching exactly what the Go expression matches. */
export function toJsRegex(tree: Re2Tree): JsRegexSource {
  const seen = { on: false, off: false };
  foldUse(tree.root, seen);
  const globalFold = seen.on && !seen.off;
  return { source: emit(tree.root, seen.on && seen.off), flags: globalFold ? 'ui' : 'u' };
}
