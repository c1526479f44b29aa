/**
 * Compiles a parsed Go regular expression into a program for the linear-time matcher in
 * `re2-vm.ts`: character tests, prioritized splits (leftmost-first, as RE2), capture saves and
 * zero-width assertions.
 */
import { caseVariants } from './re2-fold.ts';
import { type ClassItem, type Re2Node, Re2SyntaxError } from './re2-syntax.ts';

/** One instruction. */
export type Instruction =
  | { op: 'char'; test: (cp: number) => boolean }
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  | { op: 'save'; slot: number }
  | { op: 'assert'; test: (prev: number, next: number) => boolean }
  | { op: 'match' };

/** A compiled program: instruction 0 is the start. */
export interface Program {
  readonly code: readonly Instruction[];
  /** Number of capture slots (two per group, group 0 being the whole match). */
  readonly slots: number;
}

/** Largest program compiled (RE2 refuses very large expansions too). */
const MAX_INSTRUCTIONS = 250_000;
const NONE = -1;

function isWordCp(cp: number): boolean {
  return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 95;
}

function rangeTest(items: readonly ClassItem[]): (cp: number) => boolean {
  const ranges = items.filter((it): it is { lo: number; hi: number } => !('property' in it));
  const props = items
    .filter((it): it is { property: string; negated: boolean } => 'property' in it)
    .map((p) => ({ re: new RegExp(`^${p.property}$`, 'u'), negated: p.negated }));
  return (cp) => {
    for (const r of ranges) if (cp >= r.lo && cp <= r.hi) return true;
    if (props.length === 0) return false;
    const ch = String.fromCodePoint(cp);
    return props.some((p) => p.re.test(ch) !== p.negated);
  };
}

function classTest(node: Extract<Re2Node, { kind: 'class' }>): (cp: number) => boolean {
  const inClass = rangeTest(node.items);
  const folded = node.fold ? (cp: number) => caseVariants(cp).some(inClass) : inClass;
  return node.negated ? (cp) => !folded(cp) : folded;
}

function assertion(node: Extract<Re2Node, { kind: 'assert' }>): (prev: number, next: number) => boolean {
  switch (node.what) {
    case 'bol':
      return node.multiline ? (prev) => prev === NONE || prev === 10 : (prev) => prev === NONE;
    case 'eol':
      return node.multiline ? (_p, next) => next === NONE || next === 10 : (_p, next) => next === NONE;
    case 'bot':
      return (prev) => prev === NONE;
    case 'eot':
      return (_p, next) => next === NONE;
    case 'word':
      return (prev, next) => isWordCp(prev) !== isWordCp(next);
    default:
      return (prev, next) => isWordCp(prev) === isWordCp(next);
  }
}

/** Compiles `root` (with `groupCount` capture groups) into a program. */
export function compileProgram(root: Re2Node, groupCount: number): Program {
  const code: Instruction[] = [];
  let nextGroup = 1;
  const push = (inst: Instruction): number => {
    if (code.length >= MAX_INSTRUCTIONS) throw new Re2SyntaxError('expression too large', '');
    code.push(inst);
    return code.length - 1;
  };
  const patchSplit = (at: number, first: number, second: number) => {
    code[at] = { op: 'split', first, second };
  };
  const emit = (node: Re2Node): void => {
    switch (node.kind) {
      case 'literal': {
        if (!node.fold) {
          const c = node.cp;
          push({ op: 'char', test: (cp) => cp === c });
        } else {
          const set = new Set(caseVariants(node.cp));
          push({ op: 'char', test: (cp) => set.has(cp) });
        }
        return;
      }
      case 'class':
        push({ op: 'char', test: classTest(node) });
        return;
      case 'any':
        push({ op: 'char', test: node.newline ? () => true : (cp) => cp !== 10 });
        return;
      case 'assert':
        push({ op: 'assert', test: assertion(node) });
        return;
      case 'group': {
        if (!node.capture) {
          emit(node.body);
          return;
        }
        const group = nextGroup++;
        push({ op: 'save', slot: 2 * group });
        emit(node.body);
        push({ op: 'save', slot: 2 * group + 1 });
        return;
      }
      case 'concat':
        for (const item of node.items) emit(item);
        return;
      case 'alternate': {
        const jumps: number[] = [];
        const last = node.items.length - 1;
        for (let i = 0; i < last; i++) {
          const split = push({ op: 'match' });
          emit(node.items[i] as Re2Node);
          jumps.push(push({ op: 'jump', to: 0 }));
          patchSplit(split, split + 1, code.length);
        }
        emit(node.items[last] as Re2Node);
        for (const j of jumps) code[j] = { op: 'jump', to: code.length };
        return;
      }
      case 'repeat': {
        const groupsBefore = nextGroup;
        const body = () => {
          nextGroup = groupsBefore;
          emit(node.body);
        };
        for (let i = 0; i < node.min; i++) body();
        if (node.max === -1) {
          const split = push({ op: 'match' });
          body();
          push({ op: 'jump', to: split });
          patchSplit(split, node.greedy ? split + 1 : code.length, node.greedy ? code.length : split + 1);
        } else {
          const splits: number[] = [];
          for (let i = node.min; i < node.max; i++) {
            splits.push(push({ op: 'match' }));
            body();
          }
          for (const s of splits)
            patchSplit(s, node.greedy ? s + 1 : code.length, node.greedy ? code.length : s + 1);
        }
        if (node.min === 0 && node.max === 0) {
          // The body is never matched, but its groups keep their numbers.
          nextGroup = groupsBefore + countGroups(node.body);
        }
        return;
      }
    }
  };
  push({ op: 'save', slot: 0 });
  emit(root);
  push({ op: 'save', slot: 1 });
  push({ op: 'match' });
  return { code, slots: 2 * (groupCount + 1) };
}

function countGroups(node: Re2Node): number {
  switch (node.kind) {
    case 'group':
      return (node.capture ? 1 : 0) + countGroups(node.body);
    case 'repeat':
      return countGroups(node.body);
    case 'concat':
    case 'alternate':
      return node.items.reduce((n, item) => n + countGroups(item), 0);
    default:
      return 0;
  }
}
