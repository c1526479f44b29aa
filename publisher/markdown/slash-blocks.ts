/**
 * pymdownx.blocks: `/// name | title` … `///`, options as indented YAML lines right after the
 * header (`    type: warning`, `    open: true`). The admonition, details, tab, html and caption blocks
 * are recognised when enabled; other names (`define`, a site's own) become `unknown`
 * containers, which the renderer reports while keeping their content.
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import { type ContainerMeta, pushContainer, sourceLine } from './container-token.ts';

/** Which `///` blocks a site enables, with the admonition and details types it declares. */
export interface SlashBlockSyntax {
  readonly admonition: boolean;
  readonly details: boolean;
  readonly tab: boolean;
  readonly html: boolean;
  /** `/// caption`, `/// figure-caption`, `/// table-caption` (`pymdownx.blocks.caption`). */
  readonly caption: boolean;
  /** Admonition block names (`note`, `warning`, … and the site's `types`). */
  readonly admonitionTypes: ReadonlySet<string>;
  /** Details block names (`details` and the site's `types`). */
  readonly detailsTypes: ReadonlySet<string>;
}

/** The admonition block names pymdownx.blocks.admonition knows without configuration. */
export const DEFAULT_ADMONITION_BLOCKS = [
  'admonition',
  'note',
  'attention',
  'caution',
  'danger',
  'error',
  'tip',
  'hint',
  'warning',
];

const HEADER = /^(\/{3,}) *([\w-]+) *(?:\| *(.*?))? *$/;

/** A source line without the indentation of the enclosing list item (`blkIndent` columns at most). */
function lineInBlock(state: StateBlock, line: number): string {
  const text = sourceLine(state, line);
  const lead = /^ */.exec(text)?.[0].length ?? 0;
  return text.slice(Math.min(lead, state.blkIndent));
}
const CAPTIONS: ReadonlySet<string> = new Set(['caption', 'figure-caption', 'table-caption']);
const OPTION = /^([\w-]+) *: *(.*?) *$/;

function blockMeta(
  name: string,
  title: string | undefined,
  options: ReadonlyMap<string, string>,
  syntax: SlashBlockSyntax,
): ContainerMeta {
  const open = /^(true|yes|on)$/i.test(options.get('open') ?? '');
  if (syntax.admonition && syntax.admonitionTypes.has(name)) {
    const type = name === 'admonition' ? (options.get('type') ?? 'note') : name;
    return { kind: 'admonition', type, title: title ?? (name === 'admonition' ? '' : undefined) };
  }
  if (syntax.details && syntax.detailsTypes.has(name)) {
    return { kind: 'details', type: options.get('type') ?? 'details', title: title ?? '', open };
  }
  if (syntax.tab && name === 'tab') return { kind: 'tab', type: 'tab', title: title ?? '' };
  if (syntax.html && name === 'html')
    return { kind: 'html', type: (title ?? 'div').split(/[.#\s]/)[0] ?? 'div', title: '' };
  if (syntax.caption && CAPTIONS.has(name)) return { kind: 'caption', type: name, title };
  return { kind: 'unknown', type: name, title };
}

/**
 * Registers `///` blocks with a parser.
 *
 * @example
 * md.use(slashBlocks, syntax);
 */
export function slashBlocks(md: MarkdownIt, syntax: SlashBlockSyntax): void {
  md.block.ruler.before(
    'fence',
    'slash_block',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean => {
      if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
      const header = HEADER.exec(sourceLine(state, startLine).trim());
      if (!header) return false;
      const fence = header[1] ?? '///';
      let depth = 1;
      let close = startLine + 1;
      for (; close < endLine; close++) {
        const text = sourceLine(state, close).trim();
        if (text === fence) depth--;
        else if (HEADER.exec(text)?.[1] === fence) depth++;
        if (depth === 0) break;
      }
      if (silent) return true;
      const options = new Map<string, string>();
      let bodyStart = startLine + 1;
      for (; bodyStart < close; bodyStart++) {
        const line = lineInBlock(state, bodyStart);
        const option = line.startsWith('    ') ? OPTION.exec(line.trim()) : null;
        if (!option) break;
        options.set(option[1] ?? '', (option[2] ?? '').replace(/^["']|["']$/g, ''));
      }
      const body: string[] = [];
      for (let line = bodyStart; line < close; line++) body.push(lineInBlock(state, line));
      const name = header[2] ?? '';
      const title = header[3] === undefined || header[3] === '' ? undefined : header[3];
      const end = Math.min(close + 1, endLine);
      pushContainer(
        state,
        blockMeta(name, title, options, syntax),
        [startLine, end],
        body.join('\n'),
        bodyStart,
      );
      state.line = end;
      return true;
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );
}
