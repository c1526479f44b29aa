/**
 * The document pages: view (`/documents/{id}`), create (`/documents/new`), edit
 * (`/documents/{id}/edit`) and delete (`/documents/{id}/delete`). Each reads and changes through
 * the document service (the rules live there), offers actions from the permission query, and
 * answers a successful form with a redirect (303) to the page that shows the result.
 */

import { checkRelations } from '@gatehousejs/hono';
import type { Context } from 'hono';
import type { Document, Folder } from '../../db/index.ts';
import { type Access, ServiceError, StaleRevisionError } from '../../services/index.ts';
import {
  DOCUMENT_FORM_FIELDS,
  type DocumentFormReading,
  documentValues,
  readDocumentForm,
} from '../document-form.ts';
import { type FormBody, fieldFailure } from '../form-input.ts';
import { linkedFiles } from '../markdown/index.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { DeletePage } from '../pages/delete-page.tsx';
import {
  DocumentFormPage,
  type DocumentFormValues,
  type EditConflict,
  PREVIEW_INTENT,
} from '../pages/document-form-page.tsx';
import { DocumentPage } from '../pages/document-page.tsx';
import { compareTexts } from '../text-diff.ts';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

const NEW_DOCUMENT: DocumentFormValues = {
  name: '',
  content: '',
  folder_id: '',
  visibility: 'private',
  revision: '',
};

/**
 * The folders to offer: the user's own, when there is a choice to make and the document's current
 * folder is among them (someone else's folder cannot be shown, so the field is left out).
 */
function folderChoices(own: readonly Folder[], current: number | null): readonly Folder[] | undefined {
  if (own.length === 0) return undefined;
  return current === null || own.some((f) => f.id === current) ? own : undefined;
}

/**
 * Registers the document pages.
 *
 * @example
 * registerDocumentPages(app, deps);
 */
export function registerDocumentPages(app: PageApp, deps: PageRouteDeps): void {
  const { documents, folders, shares } = deps.services;
  const ownFolders = async (access: Access) => (await folders.list(access, { limit: 1000 })).folders;

  /**
   * What the edit form offers: the folder list when it can show the current folder, folder and
   * visibility only when sharing is allowed (moving and publishing are the owner's).
   */
  async function editOptions(c: Context, access: Access, document: Document) {
    const [own, held] = await Promise.all([
      ownFolders(access),
      checkRelations(c, 'document', String(document.id), ['can_share'], deps.authz),
    ]);
    const owner = held.can_share === true;
    return { folders: owner ? folderChoices(own, document.folderId) : undefined, visibility: owner };
  }

  async function showForm(
    c: Context,
    options: { folders: readonly Folder[] | undefined; visibility: boolean },
    values: DocumentFormValues,
    errors: Readonly<Record<string, string>>,
    status: 200 | 400 | 404 | 409,
    editing?: Document,
    preview = false,
    conflict?: EditConflict,
  ) {
    const stale = c.get('staleForm') === true;
    // A preview of an edit shows the document's own images as the document page will.
    const files =
      preview && editing
        ? linkedFiles(await deps.services.files.list(deps.access(c), editing.id))
        : undefined;
    const page = (
      <DocumentFormPage
        frame={pageFrame(c, deps.tokens)}
        editing={editing && { id: editing.id, name: editing.name }}
        values={values}
        errors={errors}
        folders={options.folders}
        visibility={options.visibility}
        preview={preview}
        stale={stale}
        conflict={conflict}
        files={files}
      />
    );
    return renderPage(c, page, status);
  }

  /**
   * Runs the change, or shows the form again with the field the service refused — or, for the
   * Preview button, shows the form with its text rendered and changes nothing.
   */
  async function submit(
    c: Context,
    body: FormBody,
    reading: DocumentFormReading,
    options: () => Promise<{ folders: readonly Folder[] | undefined; visibility: boolean }>,
    change: (input: NonNullable<DocumentFormReading['input']>) => Promise<string>,
    editing?: Document,
  ) {
    if (c.get('staleForm')) {
      return showForm(c, await options(), reading.values, reading.errors, 409, editing);
    }
    if (body.intent === PREVIEW_INTENT) {
      const status = reading.input ? 200 : 400;
      return showForm(c, await options(), reading.values, reading.errors, status, editing, true);
    }
    if (!reading.input) return showForm(c, await options(), reading.values, reading.errors, 400, editing);
    try {
      return c.redirect(await change(reading.input), 303);
    } catch (error) {
      if (error instanceof StaleRevisionError && editing) {
        // Shown again against the current revision: saving now is the person's merge.
        const values = { ...reading.values, revision: String(error.current.revision) };
        const conflict = await editConflict(c, error.current, reading.values.content);
        return showForm(c, await options(), values, {}, 409, error.current, false, conflict);
      }
      const failure = fieldFailure(error, DOCUMENT_FORM_FIELDS);
      if (!failure) throw error;
      const errors = { [failure.field]: failure.message };
      return showForm(c, await options(), reading.values, errors, failure.status, editing);
    }
  }

  /** The saved document beside the person's text, with who saved it last. */
  async function editConflict(c: Context, current: Document, yours: string): Promise<EditConflict> {
    const [latest] = await documents.history(deps.access(c), current.id);
    return {
      current,
      savedBy: latest?.changedByName,
      savedAt: latest?.changedAt,
      comparison: compareTexts(current.content, yours),
    };
  }

  app.get('/documents/new', async (c) => {
    const options = { folders: folderChoices(await ownFolders(deps.access(c)), null), visibility: true };
    // `?folder_id=` from a folder's "New document here": preselected when it is one of the choices.
    const asked = c.req.query('folder_id');
    const inFolder = options.folders?.find((f) => String(f.id) === asked);
    const values = inFolder ? { ...NEW_DOCUMENT, folder_id: String(inFolder.id) } : NEW_DOCUMENT;
    return showForm(c, options, values, {}, 200);
  });

  app.post('/documents/new', async (c) => {
    const access = deps.access(c);
    const body = await c.req.parseBody();
    const reading = readDocumentForm(body);
    const options = async () => ({
      folders: folderChoices(await ownFolders(access), null),
      visibility: true,
    });
    return submit(c, body, reading, options, async (input) => {
      const created = await documents.create(access, input);
      return withNotice(`/documents/${created.id}`, 'created');
    });
  });

  app.get(`/documents/${DOCUMENT_ID}`, async (c) => {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    const frame = pageFrame(c, deps.tokens);
    const held = await checkRelations(
      c,
      'document',
      String(document.id),
      ['can_write', 'can_share', 'can_delete'],
      deps.authz,
    );
    const can = { can_write: !!held.can_write, can_share: !!held.can_share, can_delete: !!held.can_delete };
    let folder: Folder | undefined;
    if (frame.user && document.folderId !== null) {
      folder = await folders.get(access, document.folderId).catch((error: unknown) => {
        if (error instanceof ServiceError) return undefined;
        throw error;
      });
    }
    const [standing, history, attached] = await Promise.all([
      shares.standing(access, document.id),
      frame.user ? documents.history(access, document.id) : [],
      deps.services.files.list(access, document.id),
    ]);
    const page = (
      <DocumentPage
        frame={frame}
        document={document}
        folder={folder}
        can={can}
        standing={standing}
        lastChangedBy={history[0]?.changedByName}
        files={attached}
      />
    );
    return renderPage(c, page);
  });

  app.get(`/documents/${DOCUMENT_ID}/edit`, async (c) => {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    await access.require('document', document.id, 'can_write');
    const options = await editOptions(c, access, document);
    return showForm(c, options, documentValues(document), {}, 200, document);
  });

  app.post(`/documents/${DOCUMENT_ID}/edit`, async (c) => {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    await access.require('document', document.id, 'can_write');
    const body = await c.req.parseBody();
    const reading = readDocumentForm(body, documentValues(document));
    const options = () => editOptions(c, access, document);
    return submit(
      c,
      body,
      reading,
      options,
      async (input) => {
        await documents.update(access, document.id, input);
        return withNotice(`/documents/${document.id}`, 'saved');
      },
      document,
    );
  });

  app.get(`/documents/${DOCUMENT_ID}/delete`, async (c) => {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    await access.require('document', document.id, 'can_delete');
    return renderPage(c, <DeletePage frame={pageFrame(c, deps.tokens)} document={document} />);
  });

  app.post(`/documents/${DOCUMENT_ID}/leave`, async (c) => {
    await shares.leave(deps.access(c), documentId(c));
    return c.redirect(withNotice('/', 'share-left'), 303);
  });

  app.post(`/documents/${DOCUMENT_ID}/delete`, async (c) => {
    await documents.remove(deps.access(c), documentId(c));
    return c.redirect(withNotice('/', 'deleted'), 303);
  });
}
