/**
 * Container blocks → Confluence macros. Admonitions become panels (`info`, `tip`, `note`,
 * `warning` by colour); collapsible details an `expand` macro (around the panel of their type);
 * content tabs a titled `panel` each, one below the other, so every tab's content is visible,
 * printable and searchable (Confluence has no built-in tabs); `/// html` blocks their content;
 * captions an italic paragraph where they are written (Confluence has no figure element).
 */
import type { ContainerMeta } from '../markdown/index.ts';
import { structuredMacro } from './macros.ts';
import { mkdocsPanel } from './panel-types.ts';

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function shownTitle(meta: ContainerMeta): string | undefined {
  if (meta.title === undefined) return capitalized(meta.type);
  return meta.title === '' ? undefined : meta.title;
}

/**
 * Wraps a rendered container body in its macro.
 *
 * @example
 * containerStorage({ kind: 'admonition', type: 'tip', title: undefined }, '<p>x</p>');
 */
export function containerStorage(meta: ContainerMeta, body: string): string {
  switch (meta.kind) {
    case 'admonition':
      return structuredMacro(mkdocsPanel(meta.type), [['title', shownTitle(meta)]], body);
    case 'details': {
      const title = shownTitle(meta) ?? 'Details';
      const inner = meta.type === 'details' ? body : structuredMacro(mkdocsPanel(meta.type), [], body);
      if (meta.open && meta.type !== 'details')
        return structuredMacro(mkdocsPanel(meta.type), [['title', title]], body);
      return structuredMacro('expand', [['title', title]], inner);
    }
    case 'tab':
      return structuredMacro('panel', [['title', meta.title || undefined]], body);
    case 'caption':
      return body.replace(/<p>/g, '<p><em>').replace(/<\/p>/g, '</em></p>');
    default:
      return body;
  }
}
