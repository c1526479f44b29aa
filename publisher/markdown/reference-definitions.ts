/**
 * Reference definitions where Python-Markdown reads them otherwise than CommonMark: a label defined
 * twice takes its **last** definition (CommonMark keeps the first), and definitions on the lines
 * right after a raw HTML block's closing tag (`</div>` then `[label]: url`, no blank line between)
 * are definitions (CommonMark keeps them inside the HTML block, as text) — abbreviations
 * (`*[HTML]: …`) too, such as a snippet auto-appended to a page that ends in raw HTML.
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type References = Record<string, unknown>;

// Link references, footnotes (`[^1]:`) and abbreviations (`*[HTML]:`, abbr) alike.
const DEFINITION = /^ {0,3}\*?\[[^[\]]+\]:[ \t]*\S/;
const OPENING_TAG = /^ {0,3}<([A-Za-z][\w-]*)/;

/** Wraps markdown-it's `reference` rule so that a later definition replaces an earlier one. */
function lastDefinitionWins(original: BlockRule): BlockRule {
  return function reference(state, startLine, endLine, silent) {
    const first = state.src.charCodeAt((state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0));
    if (silent || first !== 0x5b /* [ */) return original(state, startLine, endLine, silent);
    const env = state.env as { references?: References };
    const known = env.references ?? {};
    env.references = {};
    const found = original(state, startLine, endLine, silent);
    env.references = Object.assign(known, env.references);
    return found;
  };
}

/** Index of the first line of trailing definitions after the block's closing tag, or -1. */
function trailingDefinitions(lines: readonly string[]): number {
  const tag = OPENING_TAG.exec(lines[0] ?? '')?.[1];
  if (!tag) return -1;
  const closing = new RegExp(`</${tag}\\s*>\\s*$`, 'i');
  for (let i = 1; i < lines.length; i++) {
    if (!closing.test(lines[i - 1] ?? '')) continue;
    const rest = lines.slice(i).filter((line) => line.trim() !== '');
    if (rest.length > 0 && rest.every((line) => DEFINITION.test(line))) return i;
  }
  return -1;
}

/**
 * Adds the definitions the site appends to every page (read once, `env.appendedDefinitions`) after
 * the page's own: appended last, they win, as in Python-Markdown.
 */
function appendedDefinitions(state: StateCore): void {
  const env = state.env as {
    appendedDefinitions?: { references?: References; abbreviations?: References };
    references?: References;
    abbreviations?: References;
  };
  const appended = env.appendedDefinitions;
  if (!appended) return;
  if (appended.references) env.references = Object.assign(env.references ?? {}, appended.references);
  if (appended.abbreviations)
    env.abbreviations = Object.assign(env.abbreviations ?? {}, appended.abbreviations);
}

function htmlTrailingDefinitions(md: MarkdownIt) {
  return function html_references(state: StateCore): void {
    for (const token of state.tokens) {
      if (token.type !== 'html_block') continue;
      const lines = token.content.replace(/\n$/, '').split('\n');
      const from = trailingDefinitions(lines);
      if (from === -1) continue;
      token.content = `${lines.slice(0, from).join('\n')}\n`;
      if (token.map) token.map = [token.map[0], token.map[0] + from];
      // Parsing the definitions registers them in the page's references; they produce no tokens.
      md.block.parse(lines.slice(from).join('\n'), md, state.env, []);
    }
  };
}

/**
 * Makes reference definitions follow Python-Markdown.
 *
 * @example
 * referenceDefinitions(md);
 */
export function referenceDefinitions(md: MarkdownIt): void {
  // markdown-it's own rule, taken from its block ruler (its module has no type declarations).
  const rules = (md.block.ruler as unknown as { __rules__: Array<{ name: string; fn: BlockRule }> })
    .__rules__;
  const original = rules.find((rule) => rule.name === 'reference')?.fn;
  if (original) md.block.ruler.at('reference', lastDefinitionWins(original));
  md.core.ruler.after('block', 'html_trailing_references', htmlTrailingDefinitions(md));
  md.core.ruler.after('html_trailing_references', 'appended_definitions', appendedDefinitions);
}
