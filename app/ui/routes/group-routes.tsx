/**
 * The group pages: `/groups` (the caller's groups, make one) and `/groups/{id}` (members; the
 * owner adds and removes them and deletes the group) — through the group service.
 */
import type { Context } from 'hono';
import { emailField, nameField } from '../../services/index.ts';
import { FormReader, fieldFailure } from '../form-input.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { GroupPage } from '../pages/group-page.tsx';
import { GroupsPage } from '../pages/groups-page.tsx';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

/**
 * Registers the group pages.
 *
 * @example
 * registerGroupPages(app, deps);
 */
export function registerGroupPages(app: PageApp, deps: PageRouteDeps): void {
  const { groups } = deps.services;
  const base = `/groups/${DOCUMENT_ID}`;

  async function showList(c: Context, name: string, errors: Record<string, string>, status: 200 | 400 | 409) {
    const list = await groups.list(deps.access(c));
    const page = <GroupsPage frame={pageFrame(c, deps.tokens)} groups={list} name={name} errors={errors} />;
    return renderPage(c, page, status);
  }

  async function showGroup(
    c: Context,
    email: string,
    errors: Record<string, string>,
    status: 200 | 400 | 404 | 409,
  ) {
    const details = await groups.get(deps.access(c), documentId(c));
    const page = (
      <GroupPage frame={pageFrame(c, deps.tokens)} details={details} email={email} errors={errors} />
    );
    return renderPage(c, page, status);
  }

  app.get('/groups', (c) => showList(c, '', {}, 200));

  app.post('/groups', async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const name = form.name('name', nameField);
    if (name === undefined) return showList(c, form.text('name'), form.errors, 400);
    try {
      const group = await groups.create(deps.access(c), name);
      return c.redirect(withNotice(`/groups/${group.id}`, 'group-created'), 303);
    } catch (error) {
      const failure = fieldFailure(error, { name: 'name' }, 'name');
      if (!failure || failure.status === 404) throw error;
      return showList(c, form.text('name'), { name: failure.message }, failure.status);
    }
  });

  app.get(base, (c) => showGroup(c, '', {}, 200));

  app.post(`${base}/members`, async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const email = form.check('email', emailField, form.text('email').trim());
    if (email === undefined) return showGroup(c, form.text('email'), form.errors, 400);
    try {
      await groups.addMember(deps.access(c), documentId(c), email);
    } catch (error) {
      const failure = fieldFailure(error, { email: 'email' }, 'email');
      if (!failure) throw error;
      return showGroup(c, form.text('email'), { email: failure.message }, failure.status);
    }
    return c.redirect(withNotice(`/groups/${documentId(c)}`, 'member-added'), 303);
  });

  app.post(`${base}/members/remove`, async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const email = form.check('email', emailField, form.text('email').trim());
    if (email === undefined) return showGroup(c, '', form.errors, 400);
    await groups.removeMember(deps.access(c), documentId(c), email);
    return c.redirect(withNotice(`/groups/${documentId(c)}`, 'member-removed'), 303);
  });

  app.post(`${base}/delete`, async (c) => {
    await groups.remove(deps.access(c), documentId(c));
    return c.redirect(withNotice('/groups', 'group-deleted'), 303);
  });
}
