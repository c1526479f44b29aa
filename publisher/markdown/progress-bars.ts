/**
 * pymdownx.progressbar: `[=50% "Label"]`, `[==3/4 'Label']`, an optional `{: .class }` after it.
 * Becomes a `progress_bar` token: `meta.percent` (0–100, a fraction converted and capped at 100 as
 * pymdownx does) and `content`, the label (empty when none is written).
 */
import type MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

const PROGRESS =
  /^\[=+\s*(?:(100(?:\.0+)?|[1-9]?\d(?:\.\d+)?)%|(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?))(?:\s+(["'])(.*?)\4)?\s*\](?:\{:?[^}]*\})?/;

/** A progress bar's value and label. */
export interface ProgressBar {
  /** 0 to 100. */
  readonly percent: number;
}

function percentOf(match: RegExpExecArray): number {
  if (match[1] !== undefined) return Number(match[1]);
  const denominator = Number(match[3]);
  return denominator === 0 ? 0 : Math.min(100, (Number(match[2]) / denominator) * 100);
}

function progressBar(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5b /* [ */ || state.src.charCodeAt(state.pos + 1) !== 0x3d)
    return false;
  const match = PROGRESS.exec(state.src.slice(state.pos, state.posMax));
  if (!match) return false;
  if (!silent) {
    const token = state.push('progress_bar', '', 0);
    token.content = match[5] ?? '';
    token.meta = { percent: percentOf(match) } satisfies ProgressBar;
  }
  state.pos += match[0].length;
  return true;
}

/**
 * Registers progress bars with a parser.
 *
 * @example
 * progressBars(md);
 */
export function progressBars(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'progress_bar', progressBar);
}
