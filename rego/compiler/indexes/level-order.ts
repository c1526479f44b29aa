/**
 * The order of a rule index's levels as OPA leaves it (`refindices.Sorted` in `ast/index.go`).
 * OPA means to order the indexed references by how many expressions use them, then by where they
 * first appear, but it sorts the references with Go's `sort.Slice` and a comparator that reads
 * the counts from a second slice the sort never swaps: a count is read by the position a
 * reference had before sorting, while the location is that of the reference now there. The order
 * so depends on where each reference starts, the iteration order of OPA's frequency map, which Go
 * randomizes; for a small map it is a rotation of the insertion order, insertion order itself the
 * most frequent. This emulates that most frequent case exactly: insertion order (first use),
 * then Go's insertion sort (what `sort.Slice` runs on up to 12 elements) with OPA's comparator.
 * The order of levels decides the order OPA v1.15 runs the definitions in, hence which error or
 * conflict it reports when several definitions fail. A function's argument has no location in
 * OPA's index (its reference starts at the `args` root OPA makes up, which has none), and Go's
 * `Location.Compare` puts a missing location after every other: an argument used as often as an
 * `input` path comes after it, wherever the argument is written.
 */

/** Where a reference appears in the source. */
export interface LevelLocation {
  readonly line: number;
  readonly column: number;
}

/**
 * A reference to order: how many expressions index it and where it first appears (`undefined`
 * for a function argument, which has no location in OPA's index).
 */
export interface LevelUse<T> {
  readonly ref: T;
  readonly count: number;
  readonly location: LevelLocation | undefined;
}

/**
 * The references of `uses` (in order of first use) in the order OPA's index gives its levels.
 * @example levelOrder([{ ref: 'a', count: 1, location: { line: 1, column: 1 } }, { ref: 'b', count: 2, location: { line: 2, column: 1 } }]); // ['b', 'a']
 */
export function levelOrder<T>(uses: readonly LevelUse<T>[]): T[] {
  const counts = uses.map((u) => u.count);
  const items = [...uses];
  // Go's `Location.Compare`: a missing location after every other, two missing ones equal.
  const before = ({ location: a }: LevelUse<T>, { location: b }: LevelUse<T>) =>
    a !== undefined && (b === undefined || a.line < b.line || (a.line === b.line && a.column < b.column));
  // OPA's comparator on positions i and j: the counts where the references started, the
  // locations of those now there.
  const less = (i: number, j: number): boolean => {
    const [ci, cj] = [counts[i] as number, counts[j] as number];
    if (ci !== cj) return ci > cj;
    return before(items[i] as LevelUse<T>, items[j] as LevelUse<T>);
  };
  for (let i = 1; i < items.length; i++) {
    for (let j = i; j > 0 && less(j, j - 1); j--) {
      [items[j], items[j - 1]] = [items[j - 1] as LevelUse<T>, items[j] as LevelUse<T>];
    }
  }
  return items.map((u) => u.ref);
}
