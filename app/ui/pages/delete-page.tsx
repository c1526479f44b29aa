/**
 * The confirmation before a document is deleted.
 */
import type { Document } from '../../db/index.ts';
import { PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** The confirmation page. */
export function DeletePage({ frame, document }: { readonly frame: PageFrame; readonly document: Document }) {
  const title = `Delete ${document.name}?`;
  return (
    <Layout frame={frame} title={title}>
      <h1>{title}</h1>
      <p>The document and everyone's access to it are removed. This cannot be undone.</p>
      <PostForm action={`/documents/${document.id}/delete`} token={frame.formToken}>
        <ul class="actions">
          <li>
            <button type="submit" class="danger">
              Delete document
            </button>
          </li>
          <li>
            <a class="button secondary" href={`/documents/${document.id}`}>
              Cancel
            </a>
          </li>
        </ul>
      </PostForm>
    </Layout>
  );
}
