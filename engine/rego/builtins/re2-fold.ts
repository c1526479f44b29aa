/** Case folding of code points as Go's `(?i)` applies it (simple folding orbits). */

/** Simple case variants of a code point (its case-folding orbit as far as JS maps it). */
export function caseVariants(cp: number): number[] {
  const cached = memo.get(cp);
  if (cached) return cached;
  const found = new Set<number>([cp]);
  const queue = [cp];
  while (queue.length > 0) {
    const ch = String.fromCodePoint(queue.pop() as number);
    for (const v of [ch.toLowerCase(), ch.toUpperCase(), EXTRA_FOLDS[ch]]) {
      if (v === undefined || Array.from(v).length !== 1) continue;
      const c = v.codePointAt(0) as number;
      if (!found.has(c)) {
        found.add(c);
        queue.push(c);
      }
    }
  }
  const variants = [...found].sort((a, b) => a - b);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(cp, variants);
  return variants;
}

const MEMO_SIZE = 10_000;
const memo = new Map<number, number[]>();

const EXTRA_FOLDS: Record<string, string> = {
  k: '\u212a',
  '\u212a': 'k',
  s: '\u017f',
  '\u017f': 's',
  å: '\u212b',
  '\u212b': 'å',
};
