/**
 * What a publication left in the emulated wiki, in a form two builds can be compared by: every
 * page below a root with its place in the tree, its body normalized (so ids Confluence generates
 * on save do not count), its labels, attachments and identity property.
 */
import type { ConfluenceEmulator } from '../emulator/index.ts';
import { normalizeStorage } from '../storage/index.ts';
import { IDENTITY_PROPERTY } from '../wiki/index.ts';

/** One page as a snapshot holds it. */
export interface SnapshotPage {
  readonly path: string;
  readonly body: string;
  readonly labels: readonly string[];
  readonly attachments: readonly string[];
  readonly source: unknown;
}

/** The pages below `rootId`, by path of titles (`Guide/Install`), in sibling order. */
export function wikiSnapshot(emulator: ConfluenceEmulator, rootId: string): SnapshotPage[] {
  const { state } = emulator;
  const pages: SnapshotPage[] = [];
  const walk = (parentId: string, prefix: string) => {
    const children = [...state.pages.values()]
      .filter((page) => page.parentId === parentId)
      .sort((a, b) => a.position - b.position);
    for (const page of children) {
      const path = `${prefix}${page.title}`;
      pages.push({
        path,
        body: normalizeStorage(page.body),
        labels: [...page.labels].sort(),
        attachments: state
          .attachmentsOf(page.id)
          .map((attachment) => `${attachment.title} ${attachment.comment}`)
          .sort(),
        source: page.properties.get(IDENTITY_PROPERTY)?.value,
      });
      walk(page.id, `${path}/`);
    }
  };
  walk(rootId, '');
  return pages;
}
