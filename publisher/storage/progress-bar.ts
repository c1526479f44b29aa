/**
 * A progress bar (`pymdownx.progressbar`) as text Confluence shows anywhere: ten segments, filled
 * to the nearest 10 % (`▰▰▰▰▰▱▱▱▱▱`), then the label, as MkDocs shows it on the bar.
 */
import type { ProgressBar } from '../markdown/progress-bars.ts';
import { escapeText } from './xml-escape.ts';

const SEGMENTS = 10;

/**
 * The storage text of a progress bar.
 *
 * @example
 * progressBarText({ percent: 50 }, 'Half'); // '▰▰▰▰▰▱▱▱▱▱ Half'
 */
export function progressBarText(bar: ProgressBar, label: string): string {
  const filled = Math.round((bar.percent / 100) * SEGMENTS);
  const shown = '\u25b0'.repeat(filled) + '\u25b1'.repeat(SEGMENTS - filled);
  return label ? `${shown} ${escapeText(label)}` : shown;
}
