/**
 * The confirmation before an empty folder is deleted.
 */
import type { Folder } from '../../db/index.ts';
import { PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** The confirmation page. */
export function FolderDeletePage({ frame, folder }: { readonly frame: PageFrame; readonly folder: Folder }) {
  const title = `Delete the folder ${folder.name}?`;
  return (
    <Layout frame={frame} title={title}>
      <h1>{title}</h1>
      <p>The folder is empty; only the folder itself is removed.</p>
      <PostForm action={`/folders/${folder.id}/delete`} token={frame.formToken}>
        <ul class="actions">
          <li>
            <button type="submit" class="danger">
              Delete folder
            </button>
          </li>
          <li>
            <a class="button secondary" href={`/folders/${folder.id}`}>
              Cancel
            </a>
          </li>
        </ul>
      </PostForm>
    </Layout>
  );
}
