/**
 * Who has access to a document, and its access log (`/documents/{id}/access`,
 * `/documents/{id}/access-log`), for its owner: the report from the directory, taking a grant back
 * (a share, a group's share, a folder share the caller may manage, public visibility), sharing
 * with a group, and the decisions about the document.
 */
import type { Context } from 'hono';
import { emailField, type Permission, ServiceError } from '../../services/index.ts';
import { FormReader, fieldFailure } from '../form-input.ts';
import { pageFrame, renderPage, withNotice } from '../page-frame.ts';
import { AccessLogPage } from '../pages/access-log-page.tsx';
import { AccessPage } from '../pages/access-page.tsx';
import { DOCUMENT_ID, documentId, type PageApp, type PageRouteDeps } from './page-route-deps.ts';

const ROW_ID = /^[1-9]\d{0,9}$/;
const GRANT_KINDS = ['share', 'group', 'public', 'folder'] as const;

/**
 * Registers the access pages.
 *
 * @example
 * registerAccessPages(app, deps);
 */
export function registerAccessPages(app: PageApp, deps: PageRouteDeps): void {
  const { accessReport, accessLog, documents, groups, objectShares, shares } = deps.services;
  const base = `/documents/${DOCUMENT_ID}`;

  async function show(c: Context, errors: Record<string, string>, status: 200 | 400 | 404 | 409) {
    const access = deps.access(c);
    const [report, mine] = await Promise.all([
      accessReport.report(access, documentId(c)),
      groups.list(access),
    ]);
    const page = (
      <AccessPage
        frame={pageFrame(c, deps.tokens)}
        document={report.document}
        entries={report.entries}
        groups={mine}
        errors={errors}
      />
    );
    return renderPage(c, page, status);
  }

  app.get(`${base}/access`, (c) => show(c, {}, 200));

  app.post(`${base}/access/groups`, async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const groupId = form.text('group_id');
    const permission = form.choice('permission', ['read', 'write'], 'Choose whether they can read or edit');
    if (!ROW_ID.test(groupId)) form.errors.group_id = 'Choose one of your groups';
    if (!form.valid || permission === undefined) return show(c, form.errors, 400);
    try {
      await objectShares.grant(
        deps.access(c),
        { type: 'document', id: documentId(c) },
        { groupId: Number(groupId) },
        permission,
      );
    } catch (error) {
      const failure = fieldFailure(error, { group_id: 'group_id', email: 'group_id' }, 'group_id');
      if (!failure) throw error;
      return show(c, { group_id: failure.message }, failure.status);
    }
    return c.redirect(withNotice(`/documents/${documentId(c)}/access`, 'shared'), 303);
  });

  app.post(`${base}/access/remove`, async (c) => {
    const form = new FormReader(await c.req.parseBody());
    const kind = form.choice('kind', GRANT_KINDS, 'Choose a grant to remove');
    const id = documentId(c);
    const access = deps.access(c);
    const number = (name: string) => {
      const raw = form.text(name);
      if (!ROW_ID.test(raw)) throw new ServiceError('invalid', `${name}: must be an id`, { field: name });
      return Number(raw);
    };
    const email = () => {
      const value = form.check('email', emailField, form.text('email'));
      if (value === undefined)
        throw new ServiceError('invalid', 'email: must be an e-mail address', { field: 'email' });
      return value;
    };
    if (kind === undefined) return show(c, form.errors, 400);
    if (kind === 'share') await shares.revoke(access, id, email());
    else if (kind === 'group')
      await objectShares.revoke(access, { type: 'document', id }, { groupId: number('group_id') });
    else if (kind === 'public') {
      await access.require('document', id, 'can_share' satisfies Permission);
      await documents.update(access, id, { isPublic: false });
    } else {
      const target = form.has('group_id') ? { groupId: number('group_id') } : { email: email() };
      await objectShares.revoke(access, { type: 'folder', id: number('folder_id') }, target);
    }
    return c.redirect(withNotice(`/documents/${id}/access`, 'grant-removed'), 303);
  });

  app.get(`${base}/access-log`, async (c) => {
    const access = deps.access(c);
    const outcomeParam = c.req.query('outcome') ?? '';
    const outcome = outcomeParam === 'allowed' || outcomeParam === 'denied' ? outcomeParam : '';
    const emailParam = (c.req.query('email') ?? '').trim();
    const beforeParam = c.req.query('before') ?? '';
    const parsedEmail = emailParam === '' ? undefined : emailField.safeParse(emailParam);
    const error =
      parsedEmail && !parsedEmail.success ? 'Enter an e-mail address, or leave it empty' : undefined;
    const before = /^[1-9]\d{0,17}$/.test(beforeParam) ? Number(beforeParam) : undefined;
    const [document, page] = await Promise.all([
      documents.get(access, documentId(c)),
      accessLog.page(access, documentId(c), {
        ...(outcome ? { outcome } : {}),
        ...(parsedEmail?.success ? { email: parsedEmail.data } : {}),
        ...(before ? { before } : {}),
      }),
    ]);
    let older: string | undefined;
    if (page.nextBefore !== null) {
      const next = new URLSearchParams({
        ...(outcome ? { outcome } : {}),
        ...(emailParam ? { email: emailParam } : {}),
      });
      next.set('before', String(page.nextBefore));
      older = `/documents/${document.id}/access-log?${next}`;
    }
    const view = (
      <AccessLogPage
        frame={pageFrame(c, deps.tokens)}
        document={document}
        entries={page.entries}
        outcome={outcome}
        email={emailParam}
        {...(older ? { older } : {})}
        {...(error ? { error } : {})}
      />
    );
    return renderPage(c, view, error ? 400 : 200);
  });
}
