/**
 * The folder pages: a folder as a place (`/folders/{id}`), create (`/folders/new`, optionally
 * inside a folder), rename or move (`/folders/{id}/edit`) and delete when empty
 * (`/folders/{id}/delete`) — each through the folder service, each answered after a successful
 * form with a redirect (303) to the page that shows the result.
 */

import { checkRelations } from '@gatehousejs/hono';
import type { Context } from 'hono';
import type { Folder } from '../../db/index.ts';
import { type Access, nameField } from '../../services/index.ts';
import { FormReader, fieldFailure } from '../form-input.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { FolderDeletePage } from '../pages/folder-delete-page.tsx';
import { FolderEditPage } from '../pages/folder-edit-page.tsx';
import { FolderFormPage, type FolderFormValues } from '../pages/folder-form-page.tsx';
import { FolderPage } from '../pages/folder-page.tsx';
import { FOLDER_ID, folderId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

const FOLDER_FORM_FIELDS = { name: 'name', parent_folder_id: 'parent_folder_id' } as const;

/** The places `folder` may move to: every folder of `all` but itself and those inside it. */
function placesFor(folder: Folder, all: readonly Folder[]): Folder[] {
  const inside = new Set([folder.id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of all) {
      if (f.parentFolderId !== null && inside.has(f.parentFolderId) && !inside.has(f.id)) {
        inside.add(f.id);
        grew = true;
      }
    }
  }
  return all.filter((f) => !inside.has(f.id));
}

/** A folder form read: the values to show again, and the name and parent when both are valid. */
function readFolderForm(form: FormReader) {
  const name = form.name('name', nameField);
  const parentFolderId = form.optionalId('parent_folder_id');
  const values: FolderFormValues = {
    name: form.text('name'),
    parent_folder_id: form.text('parent_folder_id'),
  };
  return {
    values,
    input: name === undefined || parentFolderId === undefined ? undefined : { name, parentFolderId },
  };
}

/**
 * Registers the folder pages.
 *
 * @example
 * registerFolderPages(app, deps);
 */
export function registerFolderPages(app: PageApp, deps: PageRouteDeps): void {
  const { folders } = deps.services;
  const ownFolders = async (access: Access) => (await folders.list(access, { limit: 1000 })).folders;

  async function showNew(
    c: Context,
    values: FolderFormValues,
    errors: Readonly<Record<string, string>>,
    status: 200 | 400 | 404 | 409,
  ) {
    const own = await ownFolders(deps.access(c));
    const page = (
      <FolderFormPage frame={pageFrame(c, deps.tokens)} values={values} errors={errors} folders={own} />
    );
    return renderPage(c, page, status);
  }

  async function showEdit(
    c: Context,
    folder: Folder,
    values: FolderFormValues,
    errors: Readonly<Record<string, string>>,
    status: 200 | 400 | 404 | 409,
  ) {
    const places = placesFor(folder, await ownFolders(deps.access(c)));
    const frame = pageFrame(c, deps.tokens);
    return renderPage(
      c,
      <FolderEditPage frame={frame} folder={folder} values={values} errors={errors} places={places} />,
      status,
    );
  }

  app.get('/folders/new', (c) => {
    const parent = c.req.query('parent_folder_id') ?? '';
    return showNew(c, { name: '', parent_folder_id: /^[1-9]\d{0,9}$/.test(parent) ? parent : '' }, {}, 200);
  });

  app.post('/folders/new', async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const { values, input } = readFolderForm(form);
    if (!input) return showNew(c, values, form.errors, 400);
    try {
      await folders.create(deps.access(c), input);
    } catch (error) {
      const failure = fieldFailure(error, FOLDER_FORM_FIELDS);
      if (!failure) throw error;
      return showNew(c, values, { [failure.field]: failure.message }, failure.status);
    }
    const back = input.parentFolderId === null ? '/' : `/folders/${input.parentFolderId}`;
    return c.redirect(withNotice(back, 'folder-created'), 303);
  });

  app.get(`/folders/${FOLDER_ID}`, async (c) => {
    const contents = await folders.contents(deps.access(c), folderId(c));
    const held = await checkRelations(
      c,
      'folder',
      String(contents.folder.id),
      ['can_write', 'can_delete'],
      deps.authz,
    );
    const can = { can_write: !!held.can_write, can_delete: !!held.can_delete };
    return renderPage(c, <FolderPage frame={pageFrame(c, deps.tokens)} contents={contents} can={can} />);
  });

  app.get(`/folders/${FOLDER_ID}/edit`, async (c) => {
    const access = deps.access(c);
    const folder = await folders.get(access, folderId(c));
    await access.require('folder', folder.id, 'can_write');
    const values = { name: folder.name, parent_folder_id: String(folder.parentFolderId ?? '') };
    return showEdit(c, folder, values, {}, 200);
  });

  app.post(`/folders/${FOLDER_ID}/edit`, async (c) => {
    const access = deps.access(c);
    const folder = await folders.get(access, folderId(c));
    const form = new FormReader(await c.req.parseBody());
    const { values, input } = readFolderForm(form);
    if (!input) return showEdit(c, folder, values, form.errors, 400);
    try {
      await folders.update(access, folder.id, input);
    } catch (error) {
      const failure = fieldFailure(error, FOLDER_FORM_FIELDS);
      if (!failure) throw error;
      return showEdit(c, folder, values, { [failure.field]: failure.message }, failure.status);
    }
    return c.redirect(withNotice(`/folders/${folder.id}`, 'folder-saved'), 303);
  });

  app.get(`/folders/${FOLDER_ID}/delete`, async (c) => {
    const access = deps.access(c);
    const folder = await folders.get(access, folderId(c));
    await access.require('folder', folder.id, 'can_delete');
    return renderPage(c, <FolderDeletePage frame={pageFrame(c, deps.tokens)} folder={folder} />);
  });

  app.post(`/folders/${FOLDER_ID}/delete`, async (c) => {
    const access = deps.access(c);
    const folder = await folders.get(access, folderId(c));
    await folders.remove(access, folder.id);
    const back = folder.parentFolderId === null ? '/' : `/folders/${folder.parentFolderId}`;
    return c.redirect(withNotice(back, 'folder-deleted'), 303);
  });
}
