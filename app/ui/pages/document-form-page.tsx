/**
 * The form to create or edit a document: name, text, folder (when the user can choose one) and
 * visibility (only when the user may share the document). After a refused submission it shows
 * what was typed, with each error next to its field. Its Preview button sends the form back to be
 * shown with the text rendered above it (no script needed); nothing is saved then.
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
import { FORM_USER_FIELD } from '../form-protection.ts';
import { MarkdownBody } from '../markdown/index.ts';
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
  /** Whether to show the text rendered above the form (after the Preview button). */
  readonly preview?: boolean;
  /** Whether the form came back with a stale token (shown again, nothing saved). */
  readonly stale?: boolean;
}

/** The value of the form's `intent` field sent by the Preview button. */
export const PREVIEW_INTENT = 'preview';

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
      {props.stale ? (
        <div class="alert" role="alert">
          <h2>Nothing was saved yet</h2>
          <p>
            You signed in again since this form was opened, so it was not accepted. What you typed is below:
            check it and send it again.
          </p>
        </div>
      ) : null}
      {props.preview ? (
        <section class="preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview (not saved yet)</h2>
          <MarkdownBody text={values.content} />
        </section>
      ) : null}
      <PostForm action={editing ? `/documents/${editing.id}/edit` : '/documents/new'} token={frame.formToken}>
        <input type="hidden" name={FORM_USER_FIELD} value={frame.formUserMark} />
        <TextField name="name" label={DOCUMENT_FIELD_LABELS.name} value={values.name} error={errors.name} />
        <TextArea
          name="content"
          label={DOCUMENT_FIELD_LABELS.content}
          hint="Markdown: headings, lists, links, tables, code. Up to 1 MiB."
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
            <button type="submit" class="secondary" name="intent" value={PREVIEW_INTENT}>
              Preview
            </button>
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
