/**
 * MkDocs admonitions (`!!! note "Title"`, collapsible `??? tip`, open `???+ tip`, body indented by
 * four spaces) are not CommonMark. Before parsing, each one is rewritten into a block quote whose first
 * paragraph is a marker (`[!!admonition-N]`) and whose content is the dedented body, so that micromark
 * parses the body (nested admonitions, code, lists) like any other Markdown. The renderer turns the
 * marked block quote into a panel. Lines inside fenced code blocks are never rewritten.
 */

/** One MkDocs admonition found in a page. */
export interface AdmonitionSpec {
  /** The admonition type as written (`note`, `warning`, `danger`, …), lower case. */
  readonly type: string;
  /** The title; `undefined` means the default title, `''` means no title (`!!! note ""`). */
  readonly title: string | undefined;
  /** `???` (collapsed) or `???+` (collapsible, open). */
  readonly collapsible: 'no' | 'collapsed' | 'open';
}

/** The Markdown with admonitions rewritten, and the admonitions in marker order. */
export interface AdmonitionRewrite {
  readonly markdown: string;
  readonly admonitions: readonly AdmonitionSpec[];
}

/** The marker paragraph of a rewritten admonition; group 1 is its index. */
export const ADMONITION_MARKER = /^\[!!admonition-(\d+)\]$/;

const OPENER =
  /^( *)(!!!|\?\?\?\+?)[ \t]+([A-Za-z0-9_-]+)((?:[ \t]+[A-Za-z0-9_-]+)*)(?:[ \t]+"(.*)")?[ \t]*$/;
const FENCE = /^ *(`{3,}|~{3,})/;

function indentOf(line: string): number {
  return line.length - line.replace(/^ +/, '').length;
}

function expandTabs(line: string): string {
  const match = /^[ \t]*/.exec(line)?.[0] ?? '';
  if (!match.includes('\t')) return line;
  let width = 0;
  for (const ch of match) width = ch === '\t' ? width + 4 - (width % 4) : width + 1;
  return ' '.repeat(width) + line.slice(match.length);
}

/**
 * Rewrites the MkDocs admonitions of a page into marked block quotes.
 *
 * @example
 * rewriteAdmonitions('!!! warning\n    Careful.').markdown; // '> [!!admonition-0]\n>\n> Careful.'
 */
export function rewriteAdmonitions(markdown: string): AdmonitionRewrite {
  const admonitions: AdmonitionSpec[] = [];
  const rewrite = (text: string): string => {
    const lines = text.split(/\r?\n/);
    const out: string[] = [];
    let fence: { char: string; length: number } | undefined;
    let i = 0;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      const fenceMatch = FENCE.exec(line);
      if (fence) {
        if (fenceMatch?.[1]?.[0] === fence.char && (fenceMatch[1]?.length ?? 0) >= fence.length) {
          if (line.trim() === fenceMatch[1]) fence = undefined;
        }
        out.push(line);
        i++;
        continue;
      }
      if (fenceMatch?.[1]) {
        fence = { char: fenceMatch[1][0] ?? '`', length: fenceMatch[1].length };
        out.push(line);
        i++;
        continue;
      }
      const opener = OPENER.exec(expandTabs(line));
      if (!opener) {
        out.push(line);
        i++;
        continue;
      }
      const indent = opener[1]?.length ?? 0;
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const next = expandTabs(lines[j] ?? '');
        if (next.trim() === '') body.push('');
        else if (indentOf(next) >= indent + 4) body.push(next.slice(indent + 4));
        else break;
      }
      while (body.length > 0 && body[body.length - 1] === '') {
        body.pop();
        j--;
      }
      const marker = opener[2] ?? '!!!';
      admonitions.push({
        type: (opener[3] ?? 'note').toLowerCase(),
        title: opener[5],
        collapsible: marker === '!!!' ? 'no' : marker === '???' ? 'collapsed' : 'open',
      });
      const id = admonitions.length - 1;
      const prefix = ' '.repeat(indent);
      out.push(`${prefix}> [!!admonition-${id}]`);
      if (body.length > 0) {
        out.push(`${prefix}>`);
        for (const bodyLine of rewrite(body.join('\n')).split('\n')) {
          out.push(bodyLine === '' ? `${prefix}>` : `${prefix}> ${bodyLine}`);
        }
      }
      // A following paragraph line would otherwise continue the quote lazily.
      if (j < lines.length && (lines[j] ?? '').trim() !== '') out.push('');
      i = j;
    }
    return out.join('\n');
  };
  const rewritten = rewrite(markdown);
  return { markdown: rewritten, admonitions };
}
