/**
 * Ordered lists as `pymdownx.fancylists` reads them: alphabetical (`a.`, `A.`), Roman numeral
 * (`i.`, `IV.`) and generic (`#.`) markers, with `.` or `)`. A list keeps its first item's value
 * (`c.` → start 3) and its type (`a`, `A`, `i`, `I`, `1`); a change of type or delimiter starts a new
 * list. `I`/`i` starts a Roman list, another single letter an alphabetical one; within a list a
 * letter follows the list's type. An uppercase single letter followed by `.` needs two spaces
 * (`B. Russell` stays a sentence). The markers are handed to markdown-it's list rule as digits of
 * the same width, so columns (and the items' indentation) stay as written. As in Python-Markdown, a
 * list interrupts an item's text (a nested list) but not a paragraph at the top.
 */
import type MarkdownIt from 'markdown-it';
import listRule from 'markdown-it/lib/rules_block/list.mjs';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';

/** An HTML ordered-list type. */
export type OrderedListType = '1' | 'a' | 'A' | 'i' | 'I';

interface Marker {
  readonly text: string;
  readonly delimiter: string;
}

const MARKER = /^(#|\d{1,9}|[a-zA-Z]|[ivxlcdm]{1,9}|[IVXLCDM]{1,9})([.)])( {1,}|$)/;
const ROMAN: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

function romanValue(text: string): number {
  const digits = [...text.toLowerCase()].map((c) => ROMAN[c] ?? 0);
  return digits.reduce((sum, value, i) => sum + (value < (digits[i + 1] ?? 0) ? -value : value), 0);
}

function markerAt(state: StateBlock, line: number): Marker | undefined {
  const start = state.bMarks[line]! + state.tShift[line]!;
  const match = MARKER.exec(state.src.slice(start, state.eMarks[line]));
  if (!match) return undefined;
  const [, text = '', delimiter = '', spaces = ''] = match;
  if (/^[A-Z]$/.test(text) && delimiter === '.' && spaces.length < 2 && spaces !== '') return undefined;
  return { text, delimiter };
}

/** The type a marker starts a list with (`undefined`: not a marker this site enables). */
function startingType(text: string, styles: ReadonlySet<string>): OrderedListType | undefined {
  if (text === '#') return styles.has('generic') ? '1' : undefined;
  if (/^\d/.test(text)) return undefined;
  const roman = /^[ivxlcdm]+$/i.test(text) && (text.length > 1 || /^i$/i.test(text));
  if (roman) return styles.has('roman') ? (text === text.toLowerCase() ? 'i' : 'I') : undefined;
  if (text.length === 1) return styles.has('alpha') ? (text === text.toLowerCase() ? 'a' : 'A') : undefined;
  return undefined;
}

/** Whether an item's marker continues a list of `type`. */
function continues(text: string, type: OrderedListType): boolean {
  if (text === '#') return true;
  if (type === '1') return /^\d+$/.test(text);
  if (type === 'a') return /^[a-z]$/.test(text);
  if (type === 'A') return /^[A-Z]$/.test(text);
  if (type === 'i') return /^[ivxlcdm]+$/.test(text);
  return /^[IVXLCDM]+$/.test(text);
}

function value(text: string, type: OrderedListType): number {
  if (text === '#') return 1;
  if (type === 'a' || type === 'A') return text.toLowerCase().charCodeAt(0) - 96;
  if (type === 'i' || type === 'I') return romanValue(text);
  return Number(text);
}

/** The line the list starting at `startLine` ends before, and the markers to rewrite as digits. */
function listExtent(
  state: StateBlock,
  startLine: number,
  endLine: number,
  first: Marker,
  type: OrderedListType,
) {
  const indent = state.sCount[startLine]!;
  const markers: number[] = [];
  let previousBlank = false;
  for (let line = startLine; line < endLine; line++) {
    if (state.isEmpty(line)) {
      previousBlank = true;
      continue;
    }
    const blank = previousBlank;
    previousBlank = false;
    if (state.sCount[line]! > indent) continue;
    if (state.sCount[line]! < indent) return { end: line, markers };
    const marker = markerAt(state, line);
    if (marker && marker.delimiter === first.delimiter && continues(marker.text, type)) markers.push(line);
    else if (marker || blank) return { end: line, markers };
  }
  return { end: endLine, markers };
}

function digitsFor(state: StateBlock, markers: readonly number[]): string {
  let src = '';
  let from = 0;
  for (const line of markers) {
    const start = state.bMarks[line]! + state.tShift[line]!;
    const text = MARKER.exec(state.src.slice(start, state.eMarks[line]))?.[1] ?? '';
    src += `${state.src.slice(from, start)}${'1'.padStart(text.length, '0')}`;
    from = start + text.length;
  }
  return src + state.src.slice(from);
}

function fancyListRule(styles: ReadonlySet<string>) {
  return (state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean => {
    if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
    const first = markerAt(state, startLine);
    const type = first && startingType(first.text, styles);
    if (!first || !type) return false;
    // A nested list may follow its item's text directly; at the top a paragraph goes on.
    if (silent) return state.listIndent >= 0;
    const { end, markers } = listExtent(state, startLine, endLine, first, type);
    const original = state.src;
    state.src = digitsFor(state, markers);
    const before = state.tokens.length;
    if (!listRule(state, startLine, end, false)) {
      state.src = original;
      return false;
    }
    const open = state.tokens[before];
    if (open) {
      open.attrs = null;
      const start = value(first.text, type);
      if (start !== 1) open.attrSet('start', String(start));
      if (type !== '1') open.attrSet('type', type);
    }
    return true;
  };
}

/**
 * Registers fancylists' ordered lists; `styles` are the site's `additional_ordered_styles`
 * (`roman`, `alpha`, `generic`).
 *
 * @example
 * fancyLists(md, new Set(['roman', 'alpha', 'generic']));
 */
export function fancyLists(md: MarkdownIt, styles: ReadonlySet<string>): void {
  md.block.ruler.before('list', 'fancy_list', fancyListRule(styles), { alt: ['paragraph'] });
}
