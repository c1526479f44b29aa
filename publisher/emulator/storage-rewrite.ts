/**
 * What Confluence does to storage format when it saves a page, imitated so that the publisher's
 * change detection is tested against realistic differences: macros get `ac:schema-version` and an
 * `ac:macro-id`, empty elements get a space before `/>`, tasks get ids, table cells get paragraphs.
 */

/**
 * Rewrites a body the way the emulated server stores it.
 *
 * @param nextId yields unique numbers for macro and task ids
 */
export function rewriteOnSave(body: string, nextId: () => number): string {
  let taskId = 0;
  // CDATA sections (code) are stored exactly; only the markup around them is rewritten.
  const parts = body.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/);
  return parts
    .map((part, index) => (index % 2 === 1 ? part : rewriteMarkup(part, nextId, () => ++taskId)))
    .join('');
}

function rewriteMarkup(markup: string, nextId: () => number, nextTaskId: () => number): string {
  return markup
    .replace(
      /<ac:structured-macro((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g,
      (tag, attributes: string, selfClosing: string) => {
        if (attributes.includes('ac:macro-id')) return tag;
        const id = `${nextId().toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
        return `<ac:structured-macro${attributes} ac:schema-version="1" ac:macro-id="${id}"${selfClosing ? ' /' : ''}>`;
      },
    )
    .replace(/([^\s])\/>/g, '$1 />')
    .replace(/<ac:task>/g, () => `<ac:task><ac:task-id>${nextTaskId()}</ac:task-id>`)
    .replace(/<(td|th)>((?:(?!<\/?(?:td|th|p)[\s>]).)*?)<\/\1>/gs, '<$1><p>$2</p></$1>');
}
