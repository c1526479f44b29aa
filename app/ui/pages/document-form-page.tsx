/**
 * The form to create or edit a document: name, text, folder (when the user can choose one) and
 * visibility (only when the user may share the document). After a refused submission it shows
 * what was typed, with each error next to its field.
 */
import type { Folder } from '../../db/index.ts';
import {
  ErrorSummary,
  type FieldErrors,
  PostForm,
  RadioGroup,
  SelectField,
  TextArea,
  TextField,
} from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** The form's values as typed (or as stored, when first shown). */
export interface DocumentFormValues {
  readonly name: string;
  readonly content: string;
  /** A folder id, or `''` for none. */
  readonly folder_id: string;
  readonly visibility: 'private' | 'public';
}

/** Labels of the fields, for the error summary. */
export const DOCUMENT_FIELD_LABELS = {
  name: 'Name',
  content: 'Text',
  folder_id: 'Folder',
  visibility: 'Visibility',
} as const;

/** Props of {@link DocumentFormPage}. */
export interface DocumentFormPageProps {
  readonly frame: PageFrame;
  /** The document being edited; absent when creating one. */
  readonly editing?: { readonly id: number; readonly name: string };
  readonly values: DocumentFormValues;
  readonly errors: FieldErrors;
  /** The folders to choose from; the folder field is left out when `undefined`. */
  readonly folders: readonly Folder[] | undefined;
  /** Whether the visibility field is offered (the user may share the document). */
  readonly visibility: boolean;
}

/** The create/edit page. */
export function DocumentFormPage(props: DocumentFormPageProps) {
  const { frame, editing, values, errors } = props;
  const title = editing ? `Edit ${editing.name}` : 'New document';
  const failed = Object.keys(errors).length > 0;
  const cancel = editing ? `/documents/${editing.id}` : '/';
  return (
    <Layout frame={frame} title={failed ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <ErrorSummary errors={errors} labels={DOCUMENT_FIELD_LABELS} />
      <PostForm action={editing ? `/documents/${editing.id}/edit` : '/documents/new'} token={frame.formToken}>
        <TextField name="name" label={DOCUMENT_FIELD_LABELS.name} value={values.name} error={errors.name} />
        <TextArea
          name="content"
          label={DOCUMENT_FIELD_LABELS.content}
          hint="Plain text, up to 1 MiB."
          value={values.content}
          error={errors.content}
        />
        {props.folders ? (
          <SelectField
            name="folder_id"
            label={DOCUMENT_FIELD_LABELS.folder_id}
            value={values.folder_id}
            error={errors.folder_id}
            choices={[
              { value: '', label: 'No folder' },
              ...props.folders.map((f) => ({ value: String(f.id), label: f.name })),
            ]}
          />
        ) : null}
        {props.visibility ? (
          <RadioGroup
            name="visibility"
            label={DOCUMENT_FIELD_LABELS.visibility}
            value={values.visibility}
            error={errors.visibility}
            choices={[
              { value: 'private', label: 'Private', hint: 'Only you and the people you share it with.' },
              { value: 'public', label: 'Public', hint: 'Anyone can read it, even without signing in.' },
            ]}
          />
        ) : null}
        <ul class="actions">
          <li>
            <button type="submit">{editing ? 'Save changes' : 'Create document'}</button>
          </li>
          <li>
            <a class="button secondary" href={cancel}>
              Cancel
            </a>
          </li>
        </ul>
      </PostForm>
    </Layout>
  );
}
