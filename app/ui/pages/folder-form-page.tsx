/**
 * The form to create a folder: its name and, optionally, the folder it goes in.
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

/** The form's values as typed. */
export interface FolderFormValues {
  readonly name: string;
  /** A folder id, or `''` for the top level. */
  readonly parent_folder_id: string;
}

/** Labels of the fields, for the error summary. */
export const FOLDER_FIELD_LABELS = { name: 'Name', parent_folder_id: 'Inside folder' } as const;

/** Props of {@link FolderFormPage}. */
export interface FolderFormPageProps {
  readonly frame: PageFrame;
  readonly values: FolderFormValues;
  readonly errors: FieldErrors;
  /** The user's folders, to nest the new one in. */
  readonly folders: readonly Folder[];
}

/** The create-folder page. */
export function FolderFormPage({ frame, values, errors, folders }: FolderFormPageProps) {
  const failed = Object.keys(errors).length > 0;
  return (
    <Layout frame={frame} title={failed ? 'Error: New folder' : 'New folder'}>
      <h1>New folder</h1>
      <ErrorSummary errors={errors} labels={FOLDER_FIELD_LABELS} />
      <PostForm action="/folders/new" token={frame.formToken}>
        <TextField name="name" label={FOLDER_FIELD_LABELS.name} value={values.name} error={errors.name} />
        <SelectField
          name="parent_folder_id"
          label={FOLDER_FIELD_LABELS.parent_folder_id}
          value={values.parent_folder_id}
          error={errors.parent_folder_id}
          choices={[
            { value: '', label: 'None (top level)' },
            ...folders.map((f) => ({ value: String(f.id), label: f.name })),
          ]}
        />
        <ul class="actions">
          <li>
            <button type="submit">Create folder</button>
          </li>
          <li>
            <a class="button secondary" href="/">
              Cancel
            </a>
          </li>
        </ul>
      </PostForm>
    </Layout>
  );
}
