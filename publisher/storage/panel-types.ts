/**
 * Admonition types → Confluence panels. Colours are mapped on purpose: Confluence's `info` is blue,
 * `tip` green, `note` yellow and `warning` red, so MkDocs' "warning" (orange) becomes `note` and
 * "danger" (red) becomes `warning`.
 */

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
  important: 'info',
  tip: 'tip',
  hint: 'tip',
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

/** The panel macro of an admonition type (unknown types are `info`). */
export function mkdocsPanel(type: string): PanelMacro {
  return MKDOCS_PANELS[type.toLowerCase()] ?? 'info';
}
