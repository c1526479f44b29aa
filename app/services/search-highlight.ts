/**
 * Search matches as pieces of text: a headline from the database marks its matches with two
 * control characters that no stored name or text shows; callers get plain pieces to render
 * (escaped, as any text) with the matches emphasised.
 */
import { MATCH_END, MATCH_START } from '../db/index.ts';

/** A piece of a headline: a match or the text between matches. */
export interface HighlightPiece {
  readonly text: string;
  readonly match: boolean;
}

/**
 * The pieces of a marked headline, in order, without the markers.
 *
 * @example
 * highlightPieces('the \u0002plan\u0003'); // [{ text: 'the ', match: false }, { text: 'plan', match: true }]
 */
export function highlightPieces(marked: string): HighlightPiece[] {
  const pieces: HighlightPiece[] = [];
  let match = false;
  let text = '';
  for (const char of marked) {
    if (char === MATCH_START || char === MATCH_END) {
      if (text !== '') pieces.push({ text, match });
      text = '';
      match = char === MATCH_START;
    } else {
      text += char;
    }
  }
  if (text !== '') pieces.push({ text, match });
  return pieces;
}
