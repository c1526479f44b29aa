/**
 * The hierarchy of a site without a nav: one page per Markdown file, one section per folder, the
 * folder's `index.md` (or `README.md`) as the section's page — or a generated page listing its
 * children when the folder has none. Siblings: index first, then natural name order, unless a
 * `.pages` file (mkdocs-awesome-pages-plugin) orders, titles or hides them.
 */
import { pagesFile } from './awesome-pages.ts';
import { fallbackTitle, isIndexPage, type SitePage, type SiteTree } from './page-tree.ts';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

interface Folder {
  readonly files: string[];
  readonly folders: Map<string, Folder>;
}

function folderOf(markdownFiles: readonly string[]): Folder {
  const root: Folder = { files: [], folders: new Map() };
  for (const file of markdownFiles) {
    const parts = file.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { files: [], folders: new Map() };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  return root;
}

function indexOf(folder: Folder): string | undefined {
  return (
    folder.files.find((file) => /(^|\/)index\.md$/i.test(file)) ??
    folder.files.find((file) => isIndexPage(file))
  );
}

/**
 * Builds the hierarchy from the docs folder's Markdown files.
 *
 * @example
 * treeFromFolder(['index.md', 'guide/index.md', 'guide/setup.md']).pages.map((p) => p.key);
 * // ['index.md', 'guide/index.md', 'guide/setup.md']
 */
export function treeFromFolder(
  markdownFiles: readonly string[],
  readFile: (docsPath: string) => string | undefined = () => undefined,
): SiteTree {
  const pages: SitePage[] = [];
  const warnings: string[] = [];
  const visit = (
    folder: Folder,
    folderPath: string,
    parentKey: string | undefined,
    depth: number,
    index?: string,
  ) => {
    const others = folder.files.filter((file) => file !== index);
    for (const file of others.filter((candidate) => isIndexPage(candidate))) {
      warnings.push(`${file} is published as a page of its own: ${index} is the page of its folder`);
    }
    type Entry = { name: string; file?: string; folder?: Folder; title?: string };
    const sorted: Entry[] = [
      ...others.map((file) => ({ name: file.split('/').pop() ?? file, file })),
      ...[...folder.folders].map(([name, child]) => ({ name, folder: child })),
    ].sort((a, b) => collator.compare(a.name, b.name) || (a.name < b.name ? -1 : 1));
    const where = folderPath ? `${folderPath}/.pages` : '.pages';
    const text = readFile(where);
    const arranged =
      text === undefined
        ? undefined
        : pagesFile(
            text,
            sorted.map((entry) => entry.name),
            where,
          );
    if (arranged) warnings.push(...arranged.warnings);
    const entries: Entry[] = arranged
      ? arranged.entries.flatMap(({ name, title }) => {
          const entry = sorted.find((candidate) => candidate.name === name);
          return entry ? [{ ...entry, ...(title ? { title } : {}) }] : [];
        })
      : sorted;
    for (const entry of entries) {
      if (entry.file) {
        pages.push({
          key: entry.file,
          sourcePath: entry.file,
          ...(entry.title ? { navTitle: entry.title } : {}),
          fallbackTitle: fallbackTitle(entry.file),
          parentKey,
          depth,
        });
        continue;
      }
      const childFolder = entry.folder as Folder;
      const childPath = folderPath ? `${folderPath}/${entry.name}` : entry.name;
      const childText = readFile(`${childPath}/.pages`);
      const childPages =
        childText === undefined ? undefined : pagesFile(childText, [], `${childPath}/.pages`);
      if (childPages?.hide) continue;
      const sectionTitle = entry.title ?? childPages?.title;
      const childIndex = indexOf(childFolder);
      const section: SitePage = childIndex
        ? {
            key: childIndex,
            sourcePath: childIndex,
            ...(sectionTitle ? { navTitle: sectionTitle } : {}),
            fallbackTitle: fallbackTitle(childIndex),
            parentKey,
            depth,
          }
        : {
            key: `section:${childPath}`,
            ...(sectionTitle ? { navTitle: sectionTitle } : {}),
            fallbackTitle: fallbackTitle(`${childPath}/index.md`),
            parentKey,
            depth,
          };
      pages.push(section);
      visit(childFolder, childPath, section.key, depth + 1, childIndex);
    }
  };
  const root = folderOf(markdownFiles);
  const rootIndex = indexOf(root);
  if (rootIndex) pages.push({ key: rootIndex, sourcePath: rootIndex, fallbackTitle: 'Home', depth: 1 });
  visit(root, '', undefined, 1, rootIndex);
  return { pages, unlisted: [], warnings };
}
