/**
 * Directives whose content MkDocs generates at build time: mkdocstrings' `::: package.module`
 * (API reference from the code; enabled by the `mkdocstrings` plugin) and mkdocs-click's
 * `::: mkdocs-click` (a command's `--help`; enabled by the `mkdocs-click` extension), each with
 * its indented options. The converter cannot run the code they document: each becomes a
 * `generated_directive` token (its tool and identifier in `meta`), never paragraph text (where
 * `__main__` would turn bold).
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';

/** What a `generated_directive` token carries. */
export interface GeneratedDirective {
  readonly tool: 'mkdocstrings' | 'mkdocs-click';
  /** The documented object (`package.module`) or command (`module:command`). */
  readonly identifier: string;
}

/** Which directives the site enables. */
export interface GeneratedDirectiveOptions {
  readonly mkdocstrings: boolean;
  readonly click: boolean;
}

const DIRECTIVE = /^::: ?(\S.*?) *$/;
const CLICK_OPTION = /^\s+:(\w+):\s*(.*?)\s*$/;

function directiveRule(options: GeneratedDirectiveOptions) {
  return function generated_directive(
    state: StateBlock,
    startLine: number,
    endLine: number,
    silent: boolean,
  ): boolean {
    const indent = state.sCount[startLine] ?? 0;
    if (indent - state.blkIndent >= 4) return false;
    const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
    if (state.src.charCodeAt(start) !== 0x3a) return false;
    const name = DIRECTIVE.exec(state.src.slice(start, state.eMarks[startLine]))?.[1];
    if (!name) return false;
    const click = name === 'mkdocs-click';
    if (click ? !options.click : !options.mkdocstrings) return false;
    if (silent) return true;
    // The options: the indented lines after it (blank lines between them included).
    let next = startLine + 1;
    let last = startLine;
    const clickOptions = new Map<string, string>();
    while (next < endLine) {
      const blank = state.isEmpty(next);
      if (!blank && (state.sCount[next] ?? 0) <= indent) break;
      if (!blank) {
        last = next;
        const option = CLICK_OPTION.exec(state.src.slice(state.bMarks[next], state.eMarks[next]));
        if (option) clickOptions.set(option[1] ?? '', option[2] ?? '');
      }
      next++;
    }
    const identifier = click
      ? [clickOptions.get('module'), clickOptions.get('command')].filter(Boolean).join(':')
      : name;
    const token = state.push('generated_directive', '', 0);
    token.map = [startLine, last + 1];
    token.meta = { tool: click ? 'mkdocs-click' : 'mkdocstrings', identifier } satisfies GeneratedDirective;
    state.line = last + 1;
    return true;
  };
}

/**
 * Reads mkdocstrings and mkdocs-click directives.
 *
 * @example
 * generatedDirectives(md, { mkdocstrings: true, click: false });
 */
export function generatedDirectives(md: MarkdownIt, options: GeneratedDirectiveOptions): void {
  md.block.ruler.before('paragraph', 'generated_directive', directiveRule(options), {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
}
