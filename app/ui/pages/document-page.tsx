/**
 * A document: its name, visibility, folder, last change and text, and the actions the reader's
 * permissions allow (from the permission query): edit, manage sharing, delete.
 */
import type { Document, Folder } from '../../db/index.ts';
import { DateTime } from '../components/date-time.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** What the reader may do with the document (the permission query's answer). */
export interface DocumentActions {
  readonly can_write: boolean;
  readonly can_share: boolean;
  readonly can_delete: boolean;
}

/** Props of {@link DocumentPage}. */
export interface DocumentPageProps {
  readonly frame: PageFrame;
  readonly document: Document;
  /** The document's folder, when the reader may see it. */
  readonly folder: Folder | undefined;
  readonly can: DocumentActions;
}

/** The reader's access in words. */
function accessSentence(frame: PageFrame, can: DocumentActions): string {
  if (!frame.user) return 'You are reading a public document.';
  if (can.can_write && can.can_share) return 'You can read, edit and share this document.';
  if (can.can_write) return 'You can read and edit this document.';
  return 'You can read this document.';
}

/** The document page. */
export function DocumentPage({ frame, document, folder, can }: DocumentPageProps) {
  const base = `/documents/${document.id}`;
  const anyAction = can.can_write || can.can_share || can.can_delete;
  return (
    <Layout frame={frame} title={document.name}>
      <div class="page-head">
        <div>
          <h1>{document.name}</h1>
          <p class="meta">
            <span class="badge">{document.isPublic ? 'Public' : 'Private'}</span>{' '}
            {folder ? <>In {folder.name} · </> : null}
            Changed <DateTime date={document.updatedAt} />
          </p>
          <p>{accessSentence(frame, can)}</p>
        </div>
        {anyAction ? (
          <nav aria-label="Document actions">
            <ul class="actions">
              {can.can_write ? (
                <li>
                  <a class="button" href={`${base}/edit`}>
                    Edit
                  </a>
                </li>
              ) : null}
              {can.can_share ? (
                <li>
                  <a class="button secondary" href={`${base}/shares`}>
                    Sharing
                  </a>
                </li>
              ) : null}
              {can.can_delete ? (
                <li>
                  <a class="button danger" href={`${base}/delete`}>
                    Delete
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </div>
      <h2 class="visually-hidden">Content</h2>
      {document.content === '' ? (
        <div class="document-body empty">This document is empty.</div>
      ) : (
        <div class="document-body">{document.content}</div>
      )}
      <p>
        <a href="/">{frame.user ? 'Back to your documents' : 'All public documents'}</a>
      </p>
    </Layout>
  );
}
