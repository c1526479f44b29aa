/**
 * The result of a text preprocessor (snippets, includes): the new text, the source line (1-based)
 * of every line of it, and the problems found, at source lines. Preprocessors chain; their line
 * maps compose, so a warning still points at the page's own line.
 */

/** A preprocessed text with the source line of each of its lines. */
export interface PreprocessedText {
  readonly text: string;
  /** For each line of `text`, the line (1-based) of the input it came from. */
  readonly lines: readonly number[];
  readonly warnings: ReadonlyArray<{ readonly line: number; readonly message: string }>;
}

/**
 * Runs a preprocessor over an already preprocessed text: its lines and warnings are mapped back
 * through the earlier line map.
 *
 * @example
 * const page = chainPreprocessor(expandIncludes(text, includes), (t) => expandSnippets(t, snippets));
 */
export function chainPreprocessor(
  earlier: PreprocessedText,
  next: (text: string) => PreprocessedText,
): PreprocessedText {
  const later = next(earlier.text);
  const back = (line: number) => earlier.lines[line - 1] ?? earlier.lines.length;
  return {
    text: later.text,
    lines: later.lines.map(back),
    warnings: [
      ...earlier.warnings,
      ...later.warnings.map((warning) => ({ line: back(warning.line), message: warning.message })),
    ],
  };
}
