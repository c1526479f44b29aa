/**
 * Sharing of a folder (`/folders/{id}/shares`): its shares with people and groups, sharing it with
 * either, and taking a share back — through the object share service (can_share: the owner).
 */
import type { Context } from 'hono';
import { emailField } from '../../services/index.ts';
import { FormReader, fieldFailure } from '../form-input.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { FolderSharesPage } from '../pages/folder-shares-page.tsx';
import { FOLDER_ID, folderId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

const ROW_ID = /^[1-9]\d{0,9}$/;

/**
 * Registers the folder sharing pages.
 *
 * @example
 * registerFolderSharePages(app, deps);
 */
export function registerFolderSharePages(app: PageApp, deps: PageRouteDeps): void {
  const { folders, groups, objectShares } = deps.services;
  const base = `/folders/${FOLDER_ID}/shares`;

  async function show(c: Context, errors: Record<string, string>, status: 200 | 400 | 404 | 409) {
    const access = deps.access(c);
    const folder = await folders.get(access, folderId(c));
    const [list, mine] = await Promise.all([
      objectShares.list(access, { type: 'folder', id: folder.id }),
      groups.list(access),
    ]);
    const page = (
      <FolderSharesPage
        frame={pageFrame(c, deps.tokens)}
        folder={folder}
        shares={list}
        groups={mine}
        errors={errors}
      />
    );
    return renderPage(c, page, status);
  }

  /** The person or group a form names: exactly one of an address or a group. */
  function target(form: FormReader): { email: string } | { groupId: number } | undefined {
    const email = form.text('email').trim();
    const group = form.text('group_id');
    if ((email === '') === (group === '')) {
      form.errors.email = 'Enter an e-mail address or choose a group (one of them)';
      return undefined;
    }
    if (group !== '') {
      if (ROW_ID.test(group)) return { groupId: Number(group) };
      form.errors.group_id = 'Choose one of your groups';
      return undefined;
    }
    const checked = form.check('email', emailField, email);
    return checked === undefined ? undefined : { email: checked };
  }

  app.get(base, (c) => show(c, {}, 200));

  app.post(base, async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const who = target(form);
    const permission = form.choice('permission', ['read', 'write'], 'Choose whether they can read or edit');
    if (who === undefined || permission === undefined) return show(c, form.errors, 400);
    try {
      await objectShares.grant(deps.access(c), { type: 'folder', id: folderId(c) }, who, permission);
    } catch (error) {
      const failure = fieldFailure(error, { email: 'email', group_id: 'group_id' }, 'email');
      if (!failure) throw error;
      return show(c, { [failure.field]: failure.message }, failure.status);
    }
    return c.redirect(withNotice(`/folders/${folderId(c)}/shares`, 'folder-shared'), 303);
  });

  app.post(`${base}/revoke`, async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const who = target(form);
    if (who === undefined) return show(c, form.errors, 400);
    await objectShares.revoke(deps.access(c), { type: 'folder', id: folderId(c) }, who);
    return c.redirect(withNotice(`/folders/${folderId(c)}/shares`, 'share-revoked'), 303);
  });
}
