/**
 * Block tokens → storage format: paragraphs, headings (ids as MkDocs' toc makes them, with an
 * anchor macro when a link targets them), lists and task lists, tables, definition lists, block
 * quotes, containers (admonitions, details, tabs), code and custom fences, math, raw HTML, and the
 * footnotes at the end. A token it does not know is reported with its line, never dropped silently.
 */
import type Token from 'markdown-it/lib/token.mjs';
import { containerMeta, type GeneratedDirective, headingSlug, inlineText } from '../markdown/index.ts';
import { containerStorage } from './container-macros.ts';
import { generatedPanel } from './generated-panel.ts';
import { renderHtmlBlock } from './html-storage.ts';
import { anchorMacro, codeMacro, parseCodeInfo } from './macros.ts';
import { renderInline } from './render-inline.ts';
import type { RenderState } from './render-state.ts';

const TASK = /^\[([ xX])\][ \t]+/;

const PLAIN_TAGS: Readonly<Record<string, string>> = {
  blockquote_open: '<blockquote>',
  blockquote_close: '</blockquote>',
  bullet_list_close: '</ul>',
  ordered_list_close: '</ol>',
  list_item_close: '</li>',
  hr: '<hr/>',
  table_open: '<table><tbody>',
  table_close: '</tbody></table>',
  tr_open: '<tr>',
  tr_close: '</tr>',
  th_close: '</th>',
  td_close: '</td>',
  dl_open: '<dl>',
  dl_close: '</dl>',
  dt_open: '<dt>',
  dt_close: '</dt>',
  dd_open: '<dd>',
  dd_close: '</dd>',
  footnote_block_open: '<hr/><ol>',
  footnote_block_close: '</ol>',
  footnote_open: '<li>',
  footnote_close: '</li>',
};

const SKIPPED = new Set(['thead_open', 'thead_close', 'tbody_open', 'tbody_close', 'footnote_anchor']);

function taskOf(state: RenderState, item: number): RegExpExecArray | null {
  const inline = state.tokens[item + 2];
  return state.tokens[item + 1]?.type === 'paragraph_open' && inline?.type === 'inline'
    ? TASK.exec(inline.content)
    : null;
}

function listItems(state: RenderState, list: number): number[] {
  const items: number[] = [];
  const end = state.closers[list] ?? list;
  for (let i = list + 1; i < end; i = (state.closers[i] ?? i) + 1)
    if (state.tokens[i]?.type === 'list_item_open') items.push(i);
  return items;
}

function stripTask(state: RenderState, item: number): boolean {
  const inline = state.tokens[item + 2];
  const first = inline?.children?.[0];
  const match = taskOf(state, item);
  if (!match || !first || first.type !== 'text') return false;
  first.content = first.content.replace(TASK, '');
  return match[1] !== ' ';
}

function renderTaskList(state: RenderState, list: number): string {
  const tasks = listItems(state, list).map((item) => {
    const done = stripTask(state, item);
    const body = renderRange(state, item + 1, state.closers[item] ?? item);
    const status = done ? 'complete' : 'incomplete';
    return `<ac:task><ac:task-status>${status}</ac:task-status><ac:task-body>${body}</ac:task-body></ac:task>`;
  });
  return `<ac:task-list>${tasks.join('')}</ac:task-list>`;
}

function renderHeading(state: RenderState, index: number): string {
  const open = state.tokens[index] as Token;
  const children = state.tokens[index + 1]?.children ?? [];
  const text = inlineText(children);
  // toc keeps an id written with attr_list as it is, and makes only generated ones unique.
  const explicit = open.attrGet('id');
  const slug = explicit === null ? state.uniqueSlug(headingSlug(text)) : state.reserveSlug(explicit);
  state.headings.push({ level: Number(open.tag.slice(1)), id: slug, text: text.trim() });
  const anchor = state.context.anchorTargets.has(slug) ? anchorMacro(slug) : '';
  return `<${open.tag}>${anchor}${renderInline(children, state)}</${open.tag}>`;
}

function titleText(children: readonly Token[], state: RenderState): string {
  for (const child of children)
    if (child.type === 'icon')
      state.context.warn(`icon :${child.markup}: in a title has no Unicode form and is left out`, state.line);
  return inlineText(children).trim();
}

const DEFINITION_WITHOUT_TERM = /^:[ \t]{1,3}\S/;

/** Renders the tokens in `[start, end)`. */
export function renderRange(state: RenderState, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i++) {
    const token = state.tokens[i];
    if (!token) continue;
    if (token.map) state.line = state.lineOf(token.map[0]);
    const plain = PLAIN_TAGS[token.type];
    if (plain !== undefined) {
      out += plain;
      continue;
    }
    if (SKIPPED.has(token.type)) continue;
    switch (token.type) {
      case 'paragraph_open':
      case 'paragraph_close':
        if (!token.hidden) out += token.nesting === 1 ? '<p>' : '</p>';
        break;
      case 'inline':
        if (state.definitionLists && DEFINITION_WITHOUT_TERM.test(token.content))
          state.context.warn('a definition whose term is not a paragraph is kept as text', state.line);
        out += renderInline(token.children ?? [], state);
        break;
      case 'heading_open':
        out += renderHeading(state, i);
        i = state.closers[i] ?? i;
        break;
      case 'bullet_list_open': {
        const items = listItems(state, i);
        if (state.tasklist && items.length > 0 && items.every((item) => taskOf(state, item))) {
          out += renderTaskList(state, i);
          i = state.closers[i] ?? i;
        } else out += '<ul>';
        break;
      }
      case 'ordered_list_open': {
        const first = Number(token.attrGet('start') ?? '1');
        const type = token.attrGet('type');
        out += `<ol${first !== 1 ? ` start="${first}"` : ''}${type ? ` type="${type}"` : ''}>`;
        break;
      }
      case 'list_item_open':
        out += '<li>';
        if (state.tasklist && taskOf(state, i)) out += stripTask(state, i) ? '\u2611 ' : '\u2610 ';
        break;
      case 'th_open':
      case 'td_open':
        out += `<${token.tag}>`;
        break;
      case 'fence':
        out += codeMacro(token.content.replace(/\n+$/, ''), parseCodeInfo(token.info, ''));
        break;
      case 'code_block':
        // A language from codehilite's first line (`:::python`, `#!python`), if any.
        out += codeMacro(token.content.replace(/\n$/, ''), {
          ...(token.info ? { language: token.info } : {}),
          ...(token.meta?.lineNumbers ? { lineNumbers: true } : {}),
        });
        break;
      case 'generated_directive':
        out += generatedPanel(token.meta as GeneratedDirective);
        break;
      case 'math_block':
        out += codeMacro(token.content, { language: 'latex', title: 'Math' });
        break;
      case 'html_block':
        out += renderHtmlBlock(token.content, state);
        break;
      case 'container_open': {
        const close = state.closers[i] ?? i;
        const written = containerMeta(token);
        const meta = token.children ? { ...written, title: titleText(token.children, state) } : written;
        if (meta.kind === 'unknown')
          state.context.warn(`block "/// ${meta.type}" is not converted; its content is kept`, state.line);
        out += containerStorage(meta, renderRange(state, i + 1, close));
        i = close;
        break;
      }
      default:
        state.context.warn(`${token.type} is not converted`, state.line);
    }
  }
  return out;
}

/** Renders a whole page. */
export function renderPage(state: RenderState): string {
  return renderRange(state, 0, state.tokens.length);
}
