/**
 * The indented containers of Python-Markdown and pymdownx: admonitions (`!!! type "Title"`),
 * collapsible details (`??? type "Title"`, `???+` open) and content tabs (`=== "Label"`); the
 * body is indented by four spaces. Each is recognised only when the site enables its extension.
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import { type ContainerMeta, pushContainer, sourceLine } from './container-token.ts';

/** Which indented containers a site enables. */
export interface IndentedContainerSyntax {
  readonly admonition: boolean;
  readonly details: boolean;
  readonly tabbed: boolean;
}

const ADMONITION = /^!!! ?([\w-]+(?: +[\w-]+)*)(?: +"(.*?)")? *$/;
const DETAILS = /^\?{3}(\+)? ?(?:([\w-]+(?: +[\w-]+)*?)?(?: +"(.*?)")|([\w-]+(?: +[\w-]+)*?)) *$/;
const TAB = /^={3}(!)?(\+)? +"(.*?)" *$/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function headerMeta(text: string, syntax: IndentedContainerSyntax): ContainerMeta | undefined {
  if (syntax.admonition) {
    const match = ADMONITION.exec(text);
    if (match)
      return { kind: 'admonition', type: (match[1] ?? 'note').split(' ')[0] ?? 'note', title: match[2] };
  }
  if (syntax.details) {
    const match = DETAILS.exec(text);
    if (match) {
      const classes = match[2] ?? match[4] ?? '';
      const type = classes.split(' ')[0] || 'details';
      return { kind: 'details', type, title: match[3], open: match[1] === '+' };
    }
  }
  if (syntax.tabbed) {
    const match = TAB.exec(text);
    if (match) return { kind: 'tab', type: 'tab', title: match[3] ?? '', open: match[2] === '+' };
  }
  return undefined;
}

/**
 * Registers the enabled indented containers with a parser.
 *
 * @example
 * md.use(indentedContainers, { admonition: true, details: false, tabbed: true });
 */
export function indentedContainers(md: MarkdownIt, syntax: IndentedContainerSyntax): void {
  md.block.ruler.before(
    'fence',
    'indented_container',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean => {
      if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
      const first = sourceLine(state, startLine);
      const indent = indentOf(first);
      const meta = headerMeta(first.trim(), syntax);
      if (!meta) return false;
      if (silent) return true;
      const bodyIndent = indent + 4;
      const body: string[] = [];
      let next = startLine + 1;
      for (; next < endLine; next++) {
        const line = sourceLine(state, next);
        if (line.trim() === '') body.push('');
        else if (indentOf(line) >= bodyIndent) body.push(line.slice(bodyIndent));
        else break;
      }
      while (body.length > 0 && body[body.length - 1] === '') {
        body.pop();
        next--;
      }
      pushContainer(state, meta, [startLine, next], body.join('\n'), startLine + 1);
      state.line = next;
      return true;
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );
}
