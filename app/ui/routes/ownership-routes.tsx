/**
 * Giving a document or a folder away (`/documents/{id}/owner`, `/folders/{id}/owner`) through the
 * ownership service: the form (for the owner, can_share), and its answer — a redirect to the start
 * page, since the old owner may no longer open what they gave.
 */
import type { Context } from 'hono';
import { emailField } from '../../services/index.ts';
import { FormReader, fieldFailure } from '../form-input.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { OwnershipPage } from '../pages/ownership-page.tsx';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

/**
 * Registers the ownership pages.
 *
 * @example
 * registerOwnershipPages(app, deps);
 */
export function registerOwnershipPages(app: PageApp, deps: PageRouteDeps): void {
  const { documents, folders, ownership } = deps.services;

  for (const type of ['document', 'folder'] as const) {
    const path = `/${type}s/${DOCUMENT_ID}/owner`;

    async function show(
      c: Context,
      email: string,
      errors: Record<string, string>,
      status: 200 | 400 | 404 | 409,
    ) {
      const access = deps.access(c);
      const id = documentId(c);
      const found = type === 'document' ? await documents.get(access, id) : await folders.get(access, id);
      await access.require(type, id, 'can_share');
      const page = (
        <OwnershipPage
          frame={pageFrame(c, deps.tokens)}
          object={{ type, id, name: found.name }}
          email={email}
          errors={errors}
        />
      );
      return renderPage(c, page, status);
    }

    app.get(path, (c) => show(c, '', {}, 200));

    app.post(path, async (c) => {
      const form = new FormReader(await c.req.parseBody());
      const typed = form.text('email').trim();
      const email = typed === '' ? undefined : form.check('email', emailField, typed);
      if (typed === '') form.errors.email = 'Enter the e-mail address of the new owner';
      if (email === undefined) return show(c, typed, form.errors, 400);
      try {
        await ownership.transfer(deps.access(c), { type, id: documentId(c) }, email);
      } catch (error) {
        const failure = fieldFailure(error, { email: 'email' }, 'email');
        if (!failure) throw error;
        return show(c, typed, { email: failure.message }, failure.status);
      }
      return c.redirect(withNotice('/', type === 'document' ? 'document-given' : 'folder-given'), 303);
    });
  }
}
