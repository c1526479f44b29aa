/**
 * Reference definitions inside a paragraph, as Python-Markdown reads them: a line such as
 * `[label]: https://…` ends the paragraph before it and is taken out as a definition, the lines
 * after it starting a new paragraph. CommonMark keeps such a line as text (a definition cannot
 * interrupt a paragraph).
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';

const DEFINITION = /^ {0,3}\[[^[\]]+\]:(?:[ \t]*$|[ \t]*\S)/;

/** Only ends paragraphs: markdown-it's own `reference` rule then reads the definition. */
function definitionBreak(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (!silent) return false;
  return DEFINITION.test(state.src.slice(state.bMarks[startLine], state.eMarks[startLine]));
}

/**
 * Lets a reference definition end a paragraph, as in Python-Markdown.
 *
 * @example
 * paragraphReferences(md);
 */
export function paragraphReferences(md: MarkdownIt): void {
  md.block.ruler.before('reference', 'paragraph_reference', definitionBreak, { alt: ['paragraph'] });
}
