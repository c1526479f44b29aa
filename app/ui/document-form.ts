/**
 * The document form read into the services' input: name and text checked with the services'
 * field schemas, folder and visibility only when the page offered them (a field a page leaves out
 * leaves the document as it is).
 */
import type { Document } from '../db/index.ts';
import { contentField, MAX_ROW_ID, nameField } from '../services/index.ts';
import { type FormBody, FormReader, normalizeNewlines } from './form-input.ts';
import { type DocumentFormValues, REVISION_FIELD } from './pages/document-form-page.tsx';

/** The form's reading: values to show again, errors by field, and the changes when valid. */
export interface DocumentFormReading {
  readonly values: DocumentFormValues;
  readonly errors: Readonly<Record<string, string>>;
  /** Present when every field is valid; `folderId` and `isPublic` only when they were sent. */
  readonly input?: {
    readonly name: string;
    readonly content: string;
    readonly folderId?: number | null;
    readonly isPublic?: boolean;
    /** The revision an edit started from (edit forms only; 0, never current, when it is missing). */
    readonly expectedRevision?: number;
  };
}

/** The service fields mapped to the form's, for errors raised by the services. */
export const DOCUMENT_FORM_FIELDS = { name: 'name', content: 'content', folder_id: 'folder_id' } as const;

/** The revision a form names; 0 (never current) for a missing or malformed one. */
function revisionOf(value: string): number {
  const revision = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
  return revision <= MAX_ROW_ID ? revision : 0;
}

/** The form values of a stored document. */
export function documentValues(document: Document): DocumentFormValues {
  return {
    name: document.name,
    content: document.content,
    folder_id: document.folderId === null ? '' : String(document.folderId),
    visibility: document.isPublic ? 'public' : 'private',
    revision: String(document.revision),
  };
}

/**
 * Reads a submitted document form.
 *
 * @param fallback the values of fields the page did not offer (default: a new private document);
 *   a `revision` marks an edit form, whose own `revision` field is then read
 */
export function readDocumentForm(
  body: FormBody,
  fallback: Pick<DocumentFormValues, 'folder_id' | 'visibility' | 'revision'> = {
    folder_id: '',
    visibility: 'private',
    revision: '',
  },
): DocumentFormReading {
  const form = new FormReader(body);
  const content = normalizeNewlines(form.text('content'));
  const name = form.name('name', nameField);
  form.check('content', contentField, content);
  const folderId = form.has('folder_id') ? form.optionalId('folder_id') : undefined;
  const editing = fallback.revision !== '';
  const visibility = form.has('visibility')
    ? form.choice('visibility', ['private', 'public'], 'Choose private or public')
    : undefined;
  const values: DocumentFormValues = {
    name: form.text('name'),
    content,
    folder_id: form.has('folder_id') ? form.text('folder_id') : fallback.folder_id,
    visibility: visibility ?? fallback.visibility,
    // An edit form without the revision it started from saves as if made from an unknown one.
    revision: editing ? form.text(REVISION_FIELD) : '',
  };
  if (!form.valid || name === undefined) return { values, errors: form.errors };
  return {
    values,
    errors: {},
    input: {
      name,
      content,
      ...(folderId !== undefined ? { folderId } : {}),
      ...(visibility !== undefined ? { isPublic: visibility === 'public' } : {}),
      ...(editing ? { expectedRevision: revisionOf(values.revision) } : {}),
    },
  };
}
