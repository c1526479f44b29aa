/**
 * Per-page state of one rendering: link definitions, footnote numbering, heading slugs and the
 * raw HTML tags dropped so far.
 */
import type { Definition, FootnoteDefinition, Nodes, Root } from 'mdast';
import { createSlugger } from '../markdown/index.ts';
import type { RenderContext } from './render-context.ts';

/** Mutable state of rendering one page. */
export interface RenderState {
  readonly context: RenderContext;
  /** Link reference definitions by identifier. */
  readonly definitions: ReadonlyMap<string, Definition>;
  /** Footnote definitions by identifier. */
  readonly footnoteDefinitions: ReadonlyMap<string, FootnoteDefinition>;
  /** Footnote numbers in order of first reference. */
  readonly footnoteNumbers: Map<string, number>;
  /** Makes a heading slug unique within the page. */
  readonly uniqueSlug: (slug: string) => string;
  /** Raw HTML tags dropped while rendering. */
  readonly droppedTags: Set<string>;
}

function collect(
  node: Nodes,
  definitions: Map<string, Definition>,
  notes: Map<string, FootnoteDefinition>,
): void {
  if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
  if (node.type === 'footnoteDefinition' && !notes.has(node.identifier)) notes.set(node.identifier, node);
  if ('children' in node) for (const child of node.children) collect(child as Nodes, definitions, notes);
}

/** Prepares the rendering of one page's tree. */
export function createRenderState(root: Root, context: RenderContext): RenderState {
  const definitions = new Map<string, Definition>();
  const footnoteDefinitions = new Map<string, FootnoteDefinition>();
  collect(root, definitions, footnoteDefinitions);
  return {
    context,
    definitions,
    footnoteDefinitions,
    footnoteNumbers: new Map(),
    uniqueSlug: createSlugger(),
    droppedTags: new Set(),
  };
}
