/**
 * The confirmation before a document in the trash is deleted for good.
 */
import type { TrashedDocument } from '../../db/index.ts';
import { PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** The confirmation page. */
export function TrashDeletePage({
  frame,
  document,
}: {
  readonly frame: PageFrame;
  readonly document: TrashedDocument;
}) {
  const title = `Delete ${document.name} forever?`;
  return (
    <Layout frame={frame} title={title}>
      <h1>{title}</h1>
      <p>
        The document is deleted for good, with its history and its shares. This cannot be undone: it can no
        longer be restored from the trash.
      </p>
      <PostForm action={`/trash/${document.id}/delete`} token={frame.formToken}>
        <ul class="actions">
          <li>
            <button type="submit" class="danger">
              Delete forever
            </button>
          </li>
          <li>
            <a class="button secondary" href="/trash">
              Cancel
            </a>
          </li>
        </ul>
      </PostForm>
    </Layout>
  );
}
