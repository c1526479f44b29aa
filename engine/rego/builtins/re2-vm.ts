/**
 * A Pike VM: runs a compiled Go regular expression over a string in time linear in the input
 * (RE2's guarantee), with leftmost-first submatches as Go reports them. Used where the
 * backtracking `RegExp` engine could take exponential or high polynomial time.
 */
import type { Instruction, Program } from './re2-program.ts';

interface Thread {
  pc: number;
  slots: Int32Array;
}

const NONE = -1;

/** Code points of `s` with the UTF-16 offset of each (and of the end). */
export function codePoints(s: string): { cps: Int32Array; offsets: Int32Array } {
  const cps = new Int32Array(s.length);
  const offsets = new Int32Array(s.length + 1);
  let n = 0;
  for (let i = 0; i < s.length; n++) {
    const cp = s.codePointAt(i) as number;
    cps[n] = cp;
    offsets[n] = i;
    i += cp > 0xffff ? 2 : 1;
  }
  offsets[n] = s.length;
  return { cps: cps.subarray(0, n), offsets: offsets.subarray(0, n + 1) };
}

/**
 * The leftmost-first match of `program` in `cps` starting at or after code point `from`
 * (slots hold code point positions), or `undefined`.
 */
export function runProgram(program: Program, cps: Int32Array, from: number): Int32Array | undefined {
  const { code } = program;
  const n = cps.length;
  const mark = new Int32Array(code.length).fill(-1);
  let current: Thread[] = [];
  let next: Thread[] = [];
  let matched: Int32Array | undefined;

  /** Adds the threads reachable from `pc` without consuming input, in priority order. */
  const add = (list: Thread[], pc0: number, slots0: Int32Array, pos: number, step: number) => {
    const stack: Thread[] = [{ pc: pc0, slots: slots0 }];
    const prev = pos > 0 ? (cps[pos - 1] as number) : NONE;
    const cur = pos < n ? (cps[pos] as number) : NONE;
    while (stack.length > 0) {
      const { pc, slots } = stack.pop() as Thread;
      if (mark[pc] === step) continue;
      mark[pc] = step;
      const inst = code[pc] as Instruction;
      switch (inst.op) {
        case 'jump':
          stack.push({ pc: inst.to, slots });
          break;
        case 'split':
          stack.push({ pc: inst.second, slots }, { pc: inst.first, slots });
          break;
        case 'save': {
          const copy = slots.slice();
          copy[inst.slot] = pos;
          stack.push({ pc: pc + 1, slots: copy });
          break;
        }
        case 'assert':
          if (inst.test(prev, cur)) stack.push({ pc: pc + 1, slots });
          break;
        default:
          list.push({ pc, slots });
      }
    }
  };

  const empty = new Int32Array(program.slots).fill(-1);
  for (let pos = from; pos <= n; pos++) {
    if (!matched) add(current, 0, empty, pos, pos);
    if (current.length === 0) {
      if (matched) break;
      continue;
    }
    for (const t of current) {
      const inst = code[t.pc] as Instruction;
      if (inst.op === 'match') {
        matched = t.slots;
        break;
      }
      if (inst.op === 'char' && pos < n && inst.test(cps[pos] as number))
        add(next, t.pc + 1, t.slots, pos + 1, pos + 1);
    }
    [current, next] = [next, []];
  }
  return matched;
}
