/**
 * Two texts side by side as a table: each row the lines both share, or the left lines beside the
 * right lines that replace them (struck through / underlined, and named for screen readers). Long
 * runs of shared lines are folded to their first and last lines. When the comparison gave up
 * (very large texts), both texts are shown whole instead.
 */
import type { DiffRow, TextComparison } from '../text-diff.ts';

/** Shared lines shown at each end of a folded run. */
const CONTEXT_LINES = 3;

function Lines({ lines, mark }: { readonly lines: readonly string[]; readonly mark?: 'del' | 'ins' }) {
  if (lines.length === 0) return <span class="visually-hidden">nothing</span>;
  const text = lines.join('\n');
  if (mark === 'del') return <del>{text}</del>;
  if (mark === 'ins') return <ins>{text}</ins>;
  return <>{text}</>;
}

function Row({
  row,
  leftLabel,
  rightLabel,
}: {
  readonly row: DiffRow;
  readonly leftLabel: string;
  readonly rightLabel: string;
}) {
  if (row.kind === 'changed') {
    return (
      <tr class="diff-changed">
        <td>
          <span class="visually-hidden">{leftLabel}: </span>
          <pre>
            <Lines lines={row.left} mark="del" />
          </pre>
        </td>
        <td>
          <span class="visually-hidden">{rightLabel}: </span>
          <pre>
            <Lines lines={row.right} mark="ins" />
          </pre>
        </td>
      </tr>
    );
  }
  const folded = row.left.length > CONTEXT_LINES * 2 + 1;
  const shown = folded
    ? [
        ...row.left.slice(0, CONTEXT_LINES),
        `… ${row.left.length - CONTEXT_LINES * 2} lines the same …`,
        ...row.left.slice(-CONTEXT_LINES),
      ]
    : row.left;
  return (
    <tr class="diff-same">
      <td colspan={2}>
        <pre>{shown.join('\n')}</pre>
      </td>
    </tr>
  );
}

/** Props of {@link TextComparisonTable}. */
export interface TextComparisonProps {
  readonly comparison: TextComparison;
  readonly left: string;
  readonly right: string;
  /** Column headings, e.g. "Saved by Alice (version 3)" and "Yours". */
  readonly leftLabel: string;
  readonly rightLabel: string;
  readonly caption: string;
}

/** The comparison as a table (or both texts whole when it gave up). */
export function TextComparisonTable(props: TextComparisonProps) {
  const { comparison, leftLabel, rightLabel } = props;
  if (comparison.identical) return <p>The texts are the same.</p>;
  return (
    // Focusable, so that a keyboard can scroll it where it is wider than the screen (phones).
    <section class="table-wrap" tabindex={0} aria-label={props.caption}>
      <table class="text-diff">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{leftLabel}</th>
            <th scope="col">{rightLabel}</th>
          </tr>
        </thead>
        <tbody>
          {comparison.rows ? (
            comparison.rows.map((row) => <Row row={row} leftLabel={leftLabel} rightLabel={rightLabel} />)
          ) : (
            <tr class="diff-changed">
              <td>
                <pre>{props.left}</pre>
              </td>
              <td>
                <pre>{props.right}</pre>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
