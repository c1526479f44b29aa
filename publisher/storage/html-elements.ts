/**
 * What raw HTML elements become in storage format: inline markup maps to its storage equivalent,
 * wrappers (`div`, `span`, …) vanish around their content, and elements with no storage meaning
 * (`iframe`, `script`, `svg`, form controls, …) are reported.
 */

/** Storage-format open/close tags of an inline HTML element. */
export interface InlineMapping {
  readonly open: string;
  readonly close: string;
}

const LINE_THROUGH = { open: '<span style="text-decoration: line-through;">', close: '</span>' };
const CODE = { open: '<code>', close: '</code>' };

/** Inline elements with a storage-format equivalent. */
export const INLINE_ELEMENTS: ReadonlyMap<string, InlineMapping> = new Map([
  ['b', { open: '<strong>', close: '</strong>' }],
  ['strong', { open: '<strong>', close: '</strong>' }],
  ['i', { open: '<em>', close: '</em>' }],
  ['em', { open: '<em>', close: '</em>' }],
  ['cite', { open: '<cite>', close: '</cite>' }],
  ['u', { open: '<u>', close: '</u>' }],
  ['ins', { open: '<u>', close: '</u>' }],
  ['s', LINE_THROUGH],
  ['del', LINE_THROUGH],
  ['strike', LINE_THROUGH],
  ['sub', { open: '<sub>', close: '</sub>' }],
  ['sup', { open: '<sup>', close: '</sup>' }],
  ['code', CODE],
  ['kbd', CODE],
  ['samp', CODE],
  ['tt', CODE],
  ['var', { open: '<em>', close: '</em>' }],
  ['mark', { open: '<span style="background-color: rgb(254,250,192);">', close: '</span>' }],
]);

/** Elements that only wrap content (their content is kept, they are not). */
export const WRAPPER_ELEMENTS: ReadonlySet<string> = new Set([
  'span',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'center',
  'font',
  'small',
  'big',
  'q',
  'label',
  'abbr',
  'picture',
  'figure',
  'html',
  'body',
  'dfn',
  'time',
  'button',
  'form',
]);

/** Elements whose content is not text a reader sees; they are dropped with their content. */
export const OPAQUE_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'svg',
  'iframe',
  'video',
  'audio',
  'object',
  'embed',
  'canvas',
  'noscript',
  'template',
  'input',
  'select',
  'textarea',
  'source',
  'track',
  'head',
  'link',
  'meta',
]);
