/**
 * The references a page makes (link and image URLs, reference-style ones resolved) and its first
 * level-1 heading, collected in one walk over the tree before any page is rendered.
 */
import type { Definition, Nodes, Root } from 'mdast';
import { plainText } from '../markdown/index.ts';

/** What a page points at, in document order. */
export interface PageReferences {
  readonly links: readonly string[];
  readonly images: readonly string[];
  /** The text of the first level-1 heading, if any (a `{#id}` suffix removed). */
  readonly firstHeading?: string;
}

/** Collects the link and image URLs of a page and its first level-1 heading. */
export function collectReferences(root: Root): PageReferences {
  const definitions = new Map<string, Definition>();
  const visitDefinitions = (node: Nodes): void => {
    if (node.type === 'definition' && !definitions.has(node.identifier))
      definitions.set(node.identifier, node);
    if ('children' in node) for (const child of node.children) visitDefinitions(child as Nodes);
  };
  visitDefinitions(root);
  const links: string[] = [];
  const images: string[] = [];
  let firstHeading: string | undefined;
  const visit = (node: Nodes): void => {
    if (node.type === 'link') links.push(node.url);
    else if (node.type === 'image') images.push(node.url);
    else if (node.type === 'linkReference') {
      const url = definitions.get(node.identifier)?.url;
      if (url !== undefined) links.push(url);
    } else if (node.type === 'imageReference') {
      const url = definitions.get(node.identifier)?.url;
      if (url !== undefined) images.push(url);
    } else if (node.type === 'heading' && node.depth === 1 && firstHeading === undefined) {
      firstHeading = plainText(node)
        .replace(/\s*\{\s*#[^}]*\}\s*$/, '')
        .trim();
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(root);
  return { links, images, ...(firstHeading ? { firstHeading } : {}) };
}
