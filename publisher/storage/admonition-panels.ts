/**
 * Admonitions → Confluence panels. Both syntaxes are supported: MkDocs (`!!! type "Title"`, rewritten
 * to a marked block quote before parsing) and GitHub alerts (`> [!NOTE]`). Colours are mapped on
 * purpose: Confluence's `info` is blue, `tip` green, `note` yellow and `warning` red, so MkDocs'
 * "warning" (orange) becomes `note` and "danger" (red) becomes `warning`.
 */
import type { Blockquote, RootContent } from 'mdast';
import { ADMONITION_MARKER, type AdmonitionSpec } from '../markdown/index.ts';

/** The four Confluence panel macros. */
export type PanelMacro = 'info' | 'tip' | 'note' | 'warning';

const MKDOCS_PANELS: Readonly<Record<string, PanelMacro>> = {
  note: 'info',
  abstract: 'info',
  summary: 'info',
  tldr: 'info',
  info: 'info',
  todo: 'info',
  question: 'info',
  help: 'info',
  faq: 'info',
  example: 'info',
  quote: 'info',
  cite: 'info',
  tip: 'tip',
  hint: 'tip',
  important: 'tip',
  success: 'tip',
  check: 'tip',
  done: 'tip',
  warning: 'note',
  caution: 'note',
  attention: 'note',
  danger: 'warning',
  error: 'warning',
  failure: 'warning',
  fail: 'warning',
  missing: 'warning',
  bug: 'warning',
};

const GITHUB_PANELS: Readonly<Record<string, PanelMacro>> = {
  note: 'info',
  tip: 'tip',
  important: 'info',
  warning: 'note',
  caution: 'warning',
};

const GITHUB_MARKER = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/i;

/** A block quote recognised as an admonition: the panel, its title and the body nodes. */
export interface Panel {
  readonly macro: PanelMacro;
  /** The title shown in the panel, or `undefined` for none. */
  readonly title: string | undefined;
  readonly collapsible: AdmonitionSpec['collapsible'];
  readonly body: readonly RootContent[];
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The panel macro of a MkDocs admonition type (unknown types are `info`). */
export function mkdocsPanel(type: string): PanelMacro {
  return MKDOCS_PANELS[type.toLowerCase()] ?? 'info';
}

/**
 * Recognises an admonition in a block quote, or returns `undefined` for an ordinary quote.
 *
 * @param admonitions the page's MkDocs admonitions, indexed by their marker
 */
export function panelOf(quote: Blockquote, admonitions: readonly AdmonitionSpec[]): Panel | undefined {
  const [first, ...rest] = quote.children;
  if (first?.type !== 'paragraph') return undefined;
  const lead = first.children[0];
  if (lead?.type !== 'text') return undefined;
  const mkdocs = first.children.length === 1 ? ADMONITION_MARKER.exec(lead.value) : null;
  if (mkdocs) {
    const spec = admonitions[Number(mkdocs[1])];
    if (!spec) return undefined;
    const title = spec.title === undefined ? capitalized(spec.type) : spec.title || undefined;
    return { macro: mkdocsPanel(spec.type), title, collapsible: spec.collapsible, body: rest };
  }
  const github = GITHUB_MARKER.exec(lead.value);
  if (!github) return undefined;
  const type = (github[1] ?? 'note').toLowerCase();
  const remainder = lead.value.slice(github[0].length);
  const children = remainder
    ? [{ ...lead, value: remainder }, ...first.children.slice(1)]
    : first.children.slice(1);
  const body: RootContent[] = children.length > 0 ? [{ ...first, children }, ...rest] : rest;
  return { macro: GITHUB_PANELS[type] ?? 'info', title: capitalized(type), collapsible: 'no', body };
}
