/**
 * Two texts compared line by line, as rows of a side-by-side view: lines both have, lines only
 * the left one has beside the lines only the right one has in their place. The comparison is
 * bounded (documents go up to 1 MiB): past its time budget it gives up and says so, and the page
 * shows both texts whole instead.
 */
import { diffLines } from 'diff';

/** One row of a side-by-side comparison. */
export interface DiffRow {
  /** `same`: both texts; `changed`: the left lines replaced by the right ones. */
  readonly kind: 'same' | 'changed';
  /** The left text's lines of this row (none when the right text added lines here). */
  readonly left: readonly string[];
  /** The right text's lines of this row (none when the right text removed lines here). */
  readonly right: readonly string[];
}

/** A comparison of two texts, or `undefined` rows when it would take too long. */
export interface TextComparison {
  readonly rows: readonly DiffRow[] | undefined;
  /** Whether the texts are identical. */
  readonly identical: boolean;
}

/** Time budget of one comparison, in milliseconds. */
const COMPARISON_BUDGET_MS = 500;

function withFinalBreak(value: string): string {
  return value === '' || value.endsWith('\n') ? value : `${value}\n`;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Compares `left` with `right` line by line.
 *
 * @example
 * compareTexts('a\nb\n', 'a\nc\n').rows;
 * // [{ kind: 'same', left: ['a'], right: ['a'] }, { kind: 'changed', left: ['b'], right: ['c'] }]
 */
export function compareTexts(left: string, right: string): TextComparison {
  if (left === right)
    return { rows: [{ kind: 'same', left: linesOf(left), right: linesOf(right) }], identical: true };
  // A last line without its line break is the same line as with it.
  const changes = diffLines(withFinalBreak(left), withFinalBreak(right), { timeout: COMPARISON_BUDGET_MS });
  if (!changes) return { rows: undefined, identical: false };
  const rows: DiffRow[] = [];
  for (const change of changes) {
    const lines = linesOf(change.value);
    const last = rows.at(-1);
    if (!change.added && !change.removed) {
      rows.push({ kind: 'same', left: lines, right: lines });
    } else if (last?.kind === 'changed') {
      rows[rows.length - 1] = change.added
        ? { ...last, right: [...last.right, ...lines] }
        : { ...last, left: [...last.left, ...lines] };
    } else {
      rows.push({ kind: 'changed', left: change.removed ? lines : [], right: change.added ? lines : [] });
    }
  }
  return { rows, identical: false };
}
