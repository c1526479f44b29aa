/**
 * `/folders/new`: creating a folder through the folder service.
 */
import type { Context } from 'hono';
import { nameField } from '../../services/index.ts';
import { FormReader, fieldFailure } from '../form-input.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { FolderFormPage, type FolderFormValues } from '../pages/folder-form-page.tsx';
import type { PageApp, PageRouteDeps } from './page-route-deps.ts';

const FOLDER_FORM_FIELDS = { name: 'name', parent_folder_id: 'parent_folder_id' } as const;

/**
 * Registers the folder pages.
 *
 * @example
 * registerFolderPages(app, deps);
 */
export function registerFolderPages(app: PageApp, deps: PageRouteDeps): void {
  const { folders } = deps.services;

  async function show(
    c: Context,
    values: FolderFormValues,
    errors: Readonly<Record<string, string>>,
    status: 200 | 400 | 404 | 409,
  ) {
    const own = (await folders.list(deps.access(c), { limit: 1000 })).folders;
    const page = (
      <FolderFormPage frame={pageFrame(c, deps.tokens)} values={values} errors={errors} folders={own} />
    );
    return renderPage(c, page, status);
  }

  app.get('/folders/new', (c) => show(c, { name: '', parent_folder_id: '' }, {}, 200));

  app.post('/folders/new', async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const name = form.name('name', nameField);
    const parentFolderId = form.optionalId('parent_folder_id');
    const values = { name: form.text('name'), parent_folder_id: form.text('parent_folder_id') };
    if (name === undefined || parentFolderId === undefined) return show(c, values, form.errors, 400);
    try {
      await folders.create(deps.access(c), { name, parentFolderId });
    } catch (error) {
      const failure = fieldFailure(error, FOLDER_FORM_FIELDS);
      if (!failure) throw error;
      return show(c, values, { [failure.field]: failure.message }, failure.status);
    }
    return c.redirect(withNotice('/', 'folder-created'), 303);
  });
}
