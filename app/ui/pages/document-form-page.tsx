/**
 * The form to create or edit a document: name, text, folder (when the user can choose one) and
 * visibility (only when the user may share the document). After a refused submission it shows
 * what was typed, with each error next to its field. Its Preview button sends the form back to be
 * shown with the text rendered above it (no script needed); nothing is saved then.
 */
import type { Document, Folder } from '../../db/index.ts';
import { DateTime } from '../components/date-time.tsx';
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
import { TextComparisonTable } from '../components/text-comparison.tsx';
import { FORM_USER_FIELD } from '../form-protection.ts';
import { type DocumentFiles, MarkdownBody } from '../markdown/index.ts';
import type { PageFrame } from '../page-frame.ts';
import type { TextComparison } from '../text-diff.ts';

/** The form's values as typed (or as stored, when first shown). */
export interface DocumentFormValues {
  readonly name: string;
  readonly content: string;
  /** A folder id, or `''` for none. */
  readonly folder_id: string;
  readonly visibility: 'private' | 'public';
  /** The revision the edit started from (`''` when creating). */
  readonly revision: string;
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
  /** Someone else saved the document since the form was opened: their text beside the person's. */
  readonly conflict?: EditConflict;
  /** The document's files, so that the preview shows its images (none while creating one). */
  readonly files?: DocumentFiles;
}

/** What the page shows when a save was refused because someone else saved first. */
export interface EditConflict {
  /** The document as it is now. */
  readonly current: Document;
  /** Who saved its latest version, and when. */
  readonly savedBy: string | undefined;
  readonly savedAt: Date | undefined;
  /** The saved text compared with the person's. */
  readonly comparison: TextComparison;
}

function ConflictNotice({
  conflict,
  yours,
}: {
  readonly conflict: EditConflict;
  readonly yours: DocumentFormValues;
}) {
  const { current, savedBy } = conflict;
  const who = savedBy ?? 'Someone else';
  const theirLabel = `Saved by ${who} (version ${current.version})`;
  return (
    <section class="conflict" aria-labelledby="conflict-heading">
      <div class="alert" role="alert">
        <h2 id="conflict-heading">Not saved: {who} saved this document while you were editing</h2>
        <p>
          Your changes are below, nothing is lost. Compare them with the saved text, merge what you want to
          keep into the text box, and save again.
          {savedBy && conflict.savedAt ? (
            <>
              {' '}
              Last saved <DateTime date={conflict.savedAt} />.
            </>
          ) : null}
        </p>
        {current.name !== yours.name ? (
          <p>
            The saved name is “{current.name}”; yours is “{yours.name}”.
          </p>
        ) : null}
      </div>
      <TextComparisonTable
        comparison={conflict.comparison}
        left={current.content}
        right={yours.content}
        leftLabel={theirLabel}
        rightLabel="Your text"
        caption="The saved text beside yours"
      />
    </section>
  );
}

/** The hidden field of the edit form carrying the revision the edit started from. */
export const REVISION_FIELD = 'revision';

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
      {props.conflict ? <ConflictNotice conflict={props.conflict} yours={values} /> : null}
      {props.preview ? (
        <section class="preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview (not saved yet)</h2>
          <MarkdownBody text={values.content} files={props.files} />
        </section>
      ) : null}
      <PostForm action={editing ? `/documents/${editing.id}/edit` : '/documents/new'} token={frame.formToken}>
        <input type="hidden" name={FORM_USER_FIELD} value={frame.formUserMark} />
        {editing ? <input type="hidden" name={REVISION_FIELD} value={values.revision} /> : null}
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
            <button type="submit">
              {editing ? (props.conflict ? 'Save merged text' : 'Save changes') : 'Create document'}
            </button>
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
