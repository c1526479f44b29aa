/**
 * One saved version of a document as it was, with who saved it and when, and — for someone who
 * may edit the document — a button to make it current again.
 */
import type { Document, DocumentVersion } from '../../db/index.ts';
import { DateTime } from '../components/date-time.tsx';
import { PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import { type DocumentFiles, MarkdownBody } from '../markdown/index.ts';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link VersionPage}. */
export interface VersionPageProps {
  readonly frame: PageFrame;
  readonly document: Document;
  readonly version: DocumentVersion;
  /** Whether this is the current version. */
  readonly current: boolean;
  /** Whether the reader may restore it (can_write). */
  readonly canRestore: boolean;
  /** The document's files as they are now (files are not versioned), for the images it shows. */
  readonly files?: DocumentFiles;
}

/** The version page. */
export function VersionPage({ frame, document, version, current, canRestore, files }: VersionPageProps) {
  const base = `/documents/${document.id}`;
  const title = `${version.name} — version ${version.version}`;
  return (
    <Layout frame={frame} title={title}>
      <p>
        <a href={`${base}/history`}>← History of {document.name}</a>
      </p>
      <h1>{title}</h1>
      <p class="meta">
        Saved by {version.changedByName} <DateTime date={version.changedAt} />
        {current ? <> · this is the current version</> : null}
      </p>
      {canRestore && !current ? (
        <PostForm action={`${base}/versions/${version.version}/restore`} token={frame.formToken}>
          <button type="submit">Restore this version</button>
        </PostForm>
      ) : null}
      <h2 class="visually-hidden">Content</h2>
      {version.content === '' ? (
        <div class="document-body empty">This version is empty.</div>
      ) : (
        <MarkdownBody text={version.content} files={files} />
      )}
    </Layout>
  );
}
