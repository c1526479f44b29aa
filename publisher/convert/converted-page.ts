/**
 * A page ready to publish or export: its final title, its place in the hierarchy, its storage-format
 * body and the local files it carries as attachments.
 */
import type { LocalFile } from '../site/index.ts';

/** An attachment of a converted page. */
export interface PageAttachment extends LocalFile {
  /** The attachment's file name on the page. */
  readonly name: string;
}

/** A page ready to publish or export. */
export interface ConvertedPage {
  readonly key: string;
  readonly title: string;
  readonly parentKey?: string;
  readonly sourcePath?: string;
  readonly storage: string;
  readonly attachments: readonly PageAttachment[];
  /** Confluence labels from the front matter's `tags` and `labels`. */
  readonly labels?: readonly string[];
}
