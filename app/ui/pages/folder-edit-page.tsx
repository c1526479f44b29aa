/**
 * The form to rename a folder or move it to another place (never into itself or one of its
 * subfolders: those are not offered, and the database refuses them as well).
 */
import type { Folder } from '../../db/index.ts';
import {
  ErrorSummary,
  type FieldErrors,
  PostForm,
  SelectField,
  TextField,
} from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';
import { FOLDER_FIELD_LABELS, type FolderFormValues } from './folder-form-page.tsx';

/** Props of {@link FolderEditPage}. */
export interface FolderEditPageProps {
  readonly frame: PageFrame;
  readonly folder: Folder;
  readonly values: FolderFormValues;
  readonly errors: FieldErrors;
  /** The places the folder may move to. */
  readonly places: readonly Folder[];
}

/** The rename-or-move page. */
export function FolderEditPage({ frame, folder, values, errors, places }: FolderEditPageProps) {
  const title = `Rename or move ${folder.name}`;
  const failed = Object.keys(errors).length > 0;
  return (
    <Layout frame={frame} title={failed ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <ErrorSummary errors={errors} labels={FOLDER_FIELD_LABELS} />
      <PostForm action={`/folders/${folder.id}/edit`} token={frame.formToken}>
        <TextField name="name" label={FOLDER_FIELD_LABELS.name} value={values.name} error={errors.name} />
        <SelectField
          name="parent_folder_id"
          label={FOLDER_FIELD_LABELS.parent_folder_id}
          value={values.parent_folder_id}
          error={errors.parent_folder_id}
          choices={[
            { value: '', label: 'None (top level)' },
            ...places.map((f) => ({ value: String(f.id), label: f.name })),
          ]}
        />
        <ul class="actions">
          <li>
            <button type="submit">Save folder</button>
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
