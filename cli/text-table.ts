/**
 * Plain tables for the terminal (aligned columns) and for Markdown (GitHub-flavoured pipes), and
 * counts written out with their noun.
 */

/**
 * `count` and its noun, plural unless the count is 1.
 *
 * @param plural default: `singular` + `s`
 * @example
 * counted(1, 'policy file'); // '1 policy file'
 * counted(3, 'policy', 'policies'); // '3 policies'
 */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * Columns padded to their widest cell, two spaces apart, trailing spaces trimmed.
 *
 * @example
 * textTable(['Route', 'Method'], [['/a', 'GET']]); // 'Route  Method\n/a     GET'
 */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  return all
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function markdownCell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');
}

/**
 * A GitHub-flavoured Markdown table; `|` and `\` in cells are escaped.
 *
 * @example
 * markdownTable(['Route'], [['/a']]); // '| Route |\n|---|\n| /a |'
 */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}
