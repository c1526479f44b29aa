/**
 * A document: its name, visibility, folder, last change and text (rendered Markdown, its own image
 * files inline), a link to its files, and the actions the reader's permissions allow (from the
 * permission query): edit, manage sharing, delete.
 */
import type { Document, DocumentFile, Folder } from '../../db/index.ts';
import type { DocumentStanding } from '../../services/index.ts';
import { DateTime } from '../components/date-time.tsx';
import { PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import { linkedFiles, MarkdownBody } from '../markdown/index.ts';
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
  readonly standing: DocumentStanding;
  /** Who saved the current version, when the history says. */
  readonly lastChangedBy?: string;
  /** The document's images and attachments. */
  readonly files?: readonly DocumentFile[];
}

/** Who has access, as the reader may know it: the owner, the reader's share, the number of shares. */
function AccessLine({
  frame,
  document,
  standing,
}: Pick<DocumentPageProps, 'frame' | 'document' | 'standing'>) {
  const own = frame.user !== null && frame.user.sub === document.ownerId;
  const count = standing.shareCount;
  return (
    <p class="meta access">
      {own ? 'You own this document.' : <>Owner: {standing.ownerName}.</>}{' '}
      {standing.sharedAs ? (
        <span class={`badge ${standing.sharedAs}`}>
          {standing.sharedAs === 'write' ? 'Can edit' : 'Can read'}
        </span>
      ) : null}
      {count !== undefined ? (
        <a href={`/documents/${document.id}/shares`}>
          {count === 0
            ? 'Not shared with anyone'
            : count === 1
              ? 'Shared with 1 person'
              : `Shared with ${count} people`}
        </a>
      ) : null}
    </p>
  );
}

/** The reader's access in words. */
function accessSentence(frame: PageFrame, can: DocumentActions): string {
  if (!frame.user) return 'You are reading a public document.';
  if (can.can_write && can.can_share) return 'You can read, edit and share this document.';
  if (can.can_write) return 'You can read and edit this document.';
  return 'You can read this document.';
}

/** The document page. */
export function DocumentPage({
  frame,
  document,
  folder,
  can,
  standing,
  lastChangedBy,
  files = [],
}: DocumentPageProps) {
  const base = `/documents/${document.id}`;
  const linked = linkedFiles(files);
  const filesLink =
    files.length > 0 || can.can_write ? (
      <>
        {' · '}
        <a href={`${base}/files`}>{files.length === 1 ? '1 file' : `${files.length} files`}</a>
      </>
    ) : null;
  const anyAction = can.can_write || can.can_share || can.can_delete;
  return (
    <Layout frame={frame} title={document.name}>
      <div class="page-head">
        <div>
          <h1>{document.name}</h1>
          <p class="meta">
            <span class="badge">{document.isPublic ? 'Public' : 'Private'}</span>{' '}
            {folder ? (
              <>
                In <a href={`/folders/${folder.id}`}>{folder.name}</a> ·{' '}
              </>
            ) : null}
            Changed <DateTime date={document.updatedAt} />
            {frame.user && lastChangedBy ? <> by {lastChangedBy}</> : null}
            {frame.user ? (
              <>
                {' · '}
                <a href={`${base}/history`}>History</a>
              </>
            ) : null}
            {filesLink}
          </p>
          <AccessLine frame={frame} document={document} standing={standing} />
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
        <MarkdownBody text={document.content} files={linked} />
      )}
      {standing.sharedAs ? (
        <PostForm action={`${base}/leave`} token={frame.formToken}>
          <p class="hint">Leaving removes your access; the owner can share the document with you again.</p>
          <button type="submit" class="secondary">
            Leave this share
          </button>
        </PostForm>
      ) : null}
      <p>
        <a href="/">{frame.user ? 'Back to your documents' : 'All public documents'}</a>
      </p>
    </Layout>
  );
}
