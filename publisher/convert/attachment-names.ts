/**
 * Attachment file names for a page's local files, derived from their docs-relative paths
 * (`guide/img/a.png` → `guide_img_a.png`) so that two images called `a.png` in different folders
 * never overwrite each other. When two paths still map to one name on the same page (for example
 * `a/b_c.png` and `a_b/c.png`), the later one (in path order) gets a short hash of its path.
 */
import { createHash } from 'node:crypto';

function baseName(docsPath: string): string {
  return docsPath.replace(/\//g, '_').replace(/[^\p{L}\p{N}._-]/gu, '_');
}

function withHash(name: string, docsPath: string): string {
  const hash = createHash('sha1').update(docsPath).digest('hex').slice(0, 8);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}-${hash}${name.slice(dot)}` : `${name}-${hash}`;
}

/**
 * Names the attachments of one page.
 *
 * @example
 * attachmentNames(['guide/img/a.png', 'img/a.png']).get('img/a.png'); // 'img_a.png'
 */
export function attachmentNames(docsPaths: Iterable<string>): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const docsPath of [...new Set(docsPaths)].sort()) {
    let name = baseName(docsPath);
    if (taken.has(name.toLowerCase())) name = withHash(name, docsPath);
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = withHash(name, `${docsPath}#${n}`);
    taken.add(name.toLowerCase());
    names.set(docsPath, name);
  }
  return names;
}
