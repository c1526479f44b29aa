/**
 * Share management of a document (`/documents/{id}/shares`): the list of shares, sharing with
 * someone by e-mail address (an address nobody signs in with yet is invited: the share takes
 * effect at their first sign-in), switching a share between read and write, removing it, and
 * withdrawing an invitation — all through the share service, which requires `can_share` (the
 * owner) for each.
 */
import type { Context } from 'hono';
import type { Document } from '../../db/index.ts';
import { emailField, type Permission, ServiceError } from '../../services/index.ts';
import { FormReader, fieldFailure } from '../form-input.ts';
import { type NoticeKey, pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { type ShareFormValues, SharesPage } from '../pages/shares-page.tsx';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

const SHARE_FORM_FIELDS = { email: 'email', user_id: 'email', permission: 'permission' } as const;
const PERMISSIONS = ['read', 'write'] as const;

/** The share fields of a form: a trimmed e-mail address and read or write. */
function readShareForm(form: FormReader) {
  const email = form.check('email', emailField, form.text('email').trim());
  const permission = form.choice('permission', PERMISSIONS, 'Choose whether they can read or edit');
  return { email, permission };
}

/**
 * Registers the share pages.
 *
 * @example
 * registerSharePages(app, deps);
 */
export function registerSharePages(app: PageApp, deps: PageRouteDeps): void {
  const { documents, shares } = deps.services;
  const base = `/documents/${DOCUMENT_ID}/shares`;

  async function show(
    c: Context,
    document: Document,
    values: ShareFormValues,
    errors: Readonly<Record<string, string>>,
    status: 200 | 400 | 404 | 409,
  ) {
    const [granted, pending] = await Promise.all([
      shares.list(deps.access(c), document.id),
      shares.pending(deps.access(c), document.id),
    ]);
    const page = (
      <SharesPage
        frame={pageFrame(c, deps.tokens)}
        document={document}
        shares={granted}
        pending={pending}
        values={values}
        errors={errors}
      />
    );
    return renderPage(c, page, status);
  }

  /** The document of the request, readable by the caller and shareable by them. */
  async function shareable(c: Context) {
    const access = deps.access(c);
    const document = await documents.get(access, documentId(c));
    await access.require('document', document.id, 'can_share' satisfies Permission);
    return document;
  }

  app.get(base, async (c) => show(c, await shareable(c), { email: '', permission: 'read' }, {}, 200));

  app.post(base, async (c) => {
    const document = await shareable(c);
    const form = new FormReader(await c.req.parseBody());
    const { email, permission } = readShareForm(form);
    const values: ShareFormValues = {
      email: form.text('email'),
      permission: permission ?? 'read',
    };
    if (email === undefined || permission === undefined) return show(c, document, values, form.errors, 400);
    const access = deps.access(c);
    let notice: NoticeKey;
    try {
      const granted = await shares.grant(access, { documentId: document.id, email, permission }).then(
        (share) => share,
        async (error: unknown) => {
          // Nobody signs in with this address yet: invite it instead.
          if (!(error instanceof ServiceError && error.code === 'not_found' && error.field === 'email'))
            throw error;
          await shares.invite(access, { documentId: document.id, email, permission });
          return 'invited' as const;
        },
      );
      if (granted === 'invited')
        return c.redirect(withNotice(`/documents/${document.id}/shares`, 'invited'), 303);
      notice = granted.pending ? 'share-pending' : 'shared';
    } catch (error) {
      const failure = fieldFailure(error, SHARE_FORM_FIELDS, 'email');
      if (!failure) throw error;
      return show(c, document, values, { [failure.field]: failure.message }, failure.status);
    }
    return c.redirect(withNotice(`/documents/${document.id}/shares`, notice), 303);
  });

  app.post(`${base}/change`, async (c) => {
    const document = await shareable(c);
    const form = new FormReader(await c.req.parseBody());
    const { email, permission } = readShareForm(form);
    if (email === undefined || permission === undefined) {
      return show(c, document, { email: '', permission: 'read' }, form.errors, 400);
    }
    const changed = await shares.change(deps.access(c), document.id, email, permission);
    const notice = changed.pending ? 'share-changed-pending' : 'share-changed';
    return c.redirect(withNotice(`/documents/${document.id}/shares`, notice), 303);
  });

  app.post(`${base}/cancel`, async (c) => {
    const document = await shareable(c);
    const form = new FormReader(await c.req.parseBody());
    const email = form.check('email', emailField, form.text('email').trim());
    if (email === undefined) return show(c, document, { email: '', permission: 'read' }, form.errors, 400);
    await shares.cancelInvite(deps.access(c), document.id, email);
    return c.redirect(withNotice(`/documents/${document.id}/shares`, 'invite-withdrawn'), 303);
  });

  app.post(`${base}/revoke`, async (c) => {
    const document = await shareable(c);
    const form = new FormReader(await c.req.parseBody());
    const email = form.check('email', emailField, form.text('email').trim());
    if (email === undefined) return show(c, document, { email: '', permission: 'read' }, form.errors, 400);
    const { pending } = await shares.revoke(deps.access(c), document.id, email);
    const notice = pending ? 'share-revoked-pending' : 'share-revoked';
    return c.redirect(withNotice(`/documents/${document.id}/shares`, notice), 303);
  });
}
