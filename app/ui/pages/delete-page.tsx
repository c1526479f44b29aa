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
      <p>
        The document goes to your trash, where you can restore it for 30 days; until then nobody else can open
        it. After 30 days it is deleted for good.
      </p>
      <PostForm action={`/documents/${document.id}/delete`} token={frame.formToken}>
        <ul class="actions">
          <li>
            <button type="submit" class="danger">
              Move to trash
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
