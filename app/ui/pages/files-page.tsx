/**
 * A document's files (`/documents/{id}/files`): each image and attachment with its type, size, the
 * Markdown that shows it in the document, and — for someone who may edit the document — a button
 * to delete it and a form to upload another.
 */
import type { Document, DocumentFile } from '../../db/index.ts';
import { MAX_FILE_BYTES } from '../../services/index.ts';
import { DateTime } from '../components/date-time.tsx';
import { ErrorSummary, type FieldErrors, FormToken, PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link FilesPage}. */
export interface FilesPageProps {
  readonly frame: PageFrame;
  readonly document: Document;
  readonly files: readonly (DocumentFile & { readonly url: string; readonly markdown: string })[];
  /** Whether the reader may upload and delete (can_write). */
  readonly canWrite: boolean;
  readonly errors: FieldErrors;
}

const LABELS = { file: 'File', name: 'Name' };

/** A size in words: bytes, KB or MB. */
export function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

function UploadForm({ frame, document, errors }: Pick<FilesPageProps, 'frame' | 'document' | 'errors'>) {
  const error = errors.file ?? errors.name;
  return (
    <form
      method="post"
      action={`/documents/${document.id}/files`}
      enctype="multipart/form-data"
      class="upload-form"
    >
      <FormToken token={frame.formToken} />
      <div class="field">
        <label for="file">File</label>
        <span class="hint" id="file-hint">
          {`PNG, JPEG, GIF or WebP images (shown in the text), PDF, ZIP or plain text; at most ${sizeInWords(MAX_FILE_BYTES)}. SVG and HTML are not accepted.`}
        </span>
        {error ? (
          <span class="field-error" id="file-error">
            <span class="visually-hidden">Error: </span>
            {error}
          </span>
        ) : null}
        <input
          type="file"
          id="file"
          name="file"
          required
          accept="image/png,image/jpeg,image/gif,image/webp,application/pdf,application/zip,text/plain"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'file-hint file-error' : 'file-hint'}
        />
      </div>
      <button type="submit">Upload</button>
    </form>
  );
}

/** The files page. */
export function FilesPage({ frame, document, files, canWrite, errors }: FilesPageProps) {
  const title = `Files of ${document.name}`;
  const failed = Object.keys(errors).length > 0;
  return (
    <Layout frame={frame} title={failed ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <ErrorSummary errors={errors} labels={LABELS} />
      <p>
        Write the Markdown shown beside a file into the document's text: images appear in it, other files
        become download links. Files go to the trash with the document and come back with it.
      </p>
      {files.length === 0 ? (
        <p class="empty">This document has no files.</p>
      ) : (
        <ul class="item-list files">
          {files.map((file) => (
            <li>
              <a href={file.url}>{file.name}</a>
              <p class="meta">
                {file.mediaType} · {sizeInWords(file.size)} · Uploaded <DateTime date={file.createdAt} />
              </p>
              <p class="meta">
                Markdown: <code>{file.markdown}</code>
              </p>
              {canWrite ? (
                <PostForm
                  action={`/documents/${document.id}/files/${file.id}/delete`}
                  token={frame.formToken}
                >
                  <button type="submit" class="secondary">
                    Delete<span class="visually-hidden"> {file.name}</span>
                  </button>
                </PostForm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <section aria-labelledby="upload-heading">
          <h2 id="upload-heading">Upload a file</h2>
          <UploadForm frame={frame} document={document} errors={errors} />
        </section>
      ) : null}
      <p>
        <a href={`/documents/${document.id}`}>Back to “{document.name}”</a>
      </p>
    </Layout>
  );
}
