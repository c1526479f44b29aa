/**
 * Inline tokens → storage format: text, emphasis, code, links (pages by title with `ac:link`,
 * files as attachments), images, breaks, footnote references, pymdownx spans (mark, insert,
 * delete, sub, super, keys), emoji, math, abbreviations, and inline raw HTML.
 */
import type Token from 'markdown-it/lib/token.mjs';
import { inlineText } from '../markdown/index.ts';
import type { ProgressBar } from '../markdown/progress-bars.ts';
import { type OpenInlineTags, renderHtmlInline } from './html-inline.ts';
import { progressBarText } from './progress-bar.ts';
import { renderImage } from './render-image.ts';
import type { RenderState } from './render-state.ts';
import { cdata, escapeAttribute, escapeText } from './xml-escape.ts';

const SIMPLE_TAGS: Readonly<Record<string, string>> = {
  em_open: '<em>',
  em_close: '</em>',
  strong_open: '<strong>',
  strong_close: '</strong>',
  s_open: '<span style="text-decoration: line-through;">',
  s_close: '</span>',
  ins_open: '<u>',
  ins_close: '</u>',
  mark_open: '<span style="background-color: rgb(254,250,192);">',
  mark_close: '</span>',
  sub_open: '<sub>',
  sub_close: '</sub>',
  sup_open: '<sup>',
  sup_close: '</sup>',
  hardbreak: '<br/>',
  softbreak: '\n',
};

const KEY_NAMES: Readonly<Record<string, string>> = {
  ctrl: 'Ctrl',
  control: 'Ctrl',
  alt: 'Alt',
  shift: 'Shift',
  cmd: 'Cmd',
  command: 'Cmd',
  meta: 'Meta',
  win: 'Win',
  windows: 'Win',
  option: 'Option',
  del: 'Del',
  delete: 'Del',
  enter: 'Enter',
  return: 'Return',
  esc: 'Esc',
  escape: 'Esc',
  tab: 'Tab',
  space: 'Space',
  backspace: 'Backspace',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  'arrow-up': 'Up',
  'arrow-down': 'Down',
  'arrow-left': 'Left',
  'arrow-right': 'Right',
  home: 'Home',
  end: 'End',
  'page-up': 'Page Up',
  'page-down': 'Page Down',
  insert: 'Ins',
  ins: 'Ins',
  fn: 'Fn',
  caps: 'Caps Lock',
};

function keyLabel(key: string): string {
  if (key.startsWith('"')) return key.slice(1, -1).replace(/\\(.)/g, '$1');
  const known = KEY_NAMES[key.toLowerCase()];
  if (known) return known;
  return key.length === 1 ? key.toUpperCase() : key.charAt(0).toUpperCase() + key.slice(1);
}

function linkBody(children: readonly Token[], state: RenderState): string {
  if (children.length === 0) return '';
  if (children.every((child) => child.type === 'text')) {
    return `<ac:plain-text-link-body>${cdata(inlineText(children))}</ac:plain-text-link-body>`;
  }
  return `<ac:link-body>${renderInline(children, state)}</ac:link-body>`;
}

function renderLink(open: Token, linkChildren: readonly Token[], state: RenderState): string {
  const url = open.attrGet('href') ?? '';
  // A link inside a link's text (a magiclink mention, a repository reference) keeps only its
  // text, as it reads on the site: a link cannot hold another link.
  const children = linkChildren.some((child) => child.type === 'link_open')
    ? linkChildren.filter((child) => child.type !== 'link_open' && child.type !== 'link_close')
    : linkChildren;
  const title = open.attrGet('title');
  const target = state.context.resolveLink(url);
  switch (target.kind) {
    case 'external': {
      const titleAttribute = title ? ` title="${escapeAttribute(title)}"` : '';
      const body = children.length > 0 ? renderInline(children, state) : escapeText(target.href);
      return `<a href="${escapeAttribute(target.href)}"${titleAttribute}>${body}</a>`;
    }
    case 'page': {
      const anchor = target.anchor ? ` ac:anchor="${escapeAttribute(target.anchor)}"` : '';
      const page = `<ri:page ri:content-title="${escapeAttribute(target.title)}"/>`;
      return `<ac:link${anchor}>${page}${linkBody(children, state)}</ac:link>`;
    }
    case 'anchor':
      return `<ac:link ac:anchor="${escapeAttribute(target.anchor)}">${linkBody(children, state)}</ac:link>`;
    case 'attachment':
      return `<ac:link><ri:attachment ri:filename="${escapeAttribute(target.name)}"/>${linkBody(children, state)}</ac:link>`;
    case 'unresolved': {
      const message = `link "${url}" is kept as text: ${target.reason}`;
      if (target.missingFile) state.context.fail(message, state.line);
      else state.context.warn(message, state.line);
      return renderInline(children, state);
    }
  }
}

function closingLink(tokens: readonly Token[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    const type = tokens[i]?.type;
    if (type === 'link_open') depth++;
    else if (type === 'link_close' && --depth === 0) return i;
  }
  return tokens.length;
}

/** Renders inline tokens in order; inline raw HTML left open is closed at the end. */
export function renderInline(tokens: readonly Token[], state: RenderState): string {
  let out = '';
  const openHtml: OpenInlineTags = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    const simple = SIMPLE_TAGS[token.type];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    switch (token.type) {
      case 'text':
        out += escapeText(token.content);
        break;
      case 'code_inline':
        out += `<code>${escapeText(token.content)}</code>`;
        break;
      case 'math_inline':
        out += `<code>${escapeText(token.content)}</code>`;
        break;
      case 'emoji':
        out += escapeText(token.content);
        break;
      case 'progress_bar':
        out += progressBarText(token.meta as ProgressBar, token.content);
        break;
      case 'unknown_emoji':
        state.context.warn(
          `emoji :${token.markup}: is not in the emoji index and is kept as text`,
          state.line,
        );
        out += escapeText(token.content);
        break;
      case 'icon':
        state.context.warn(`icon :${token.markup}: has no Unicode form and is left out`, state.line);
        break;
      case 'keys':
        out += (token.meta as string[]).map((key) => `<code>${escapeText(keyLabel(key))}</code>`).join('+');
        break;
      case 'image':
        out += renderImage(
          {
            url: token.attrGet('src') ?? '',
            alt: inlineText(token.children ?? []),
            title: token.attrGet('title') ?? undefined,
            width: token.attrGet('width') ?? undefined,
            height: token.attrGet('height') ?? undefined,
            align: token.attrGet('align') ?? undefined,
          },
          state,
        );
        break;
      case 'link_open': {
        const close = closingLink(tokens, i);
        out += renderLink(token, tokens.slice(i + 1, close), state);
        i = close;
        break;
      }
      case 'footnote_ref':
        out += `<sup>${(token.meta as { id: number }).id + 1}</sup>`;
        break;
      case 'abbr_open': {
        const title = token.attrGet('title');
        openHtml.push({ tag: '#abbr', close: title ? escapeText(` (${title})`) : '' });
        break;
      }
      case 'abbr_close': {
        const index = openHtml.findLastIndex((entry) => entry.tag === '#abbr');
        if (index !== -1)
          out += openHtml
            .splice(index)
            .reverse()
            .map((entry) => entry.close)
            .join('');
        break;
      }
      case 'html_inline':
        out += renderHtmlInline(token.content, openHtml, state);
        break;
      default:
        state.context.warn(`inline ${token.type} is not converted`, state.line);
    }
  }
  return (
    out +
    openHtml
      .reverse()
      .map((entry) => entry.close)
      .join('')
  );
}
