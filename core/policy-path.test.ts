import { describe, expect, it } from 'vitest';
import { AuthzConfigError } from './errors.ts';
import { isPackagePath, policyPath } from './policy-path.ts';

describe('policyPath', () => {
  it.each([
    ['GET', '/api/documents', 'webapp.GET.api.documents'],
    ['GET', '/api/documents/{id}', 'webapp.GET.api.documents.__id'],
    ['GET', '/api/documents/:id', 'webapp.GET.api.documents.__id'],
    ['delete', '/api/shares/{doc_id}/{email}', 'webapp.DELETE.api.shares.__doc_id.__email'],
    ['GET', '/api/user-profiles/:user-id', 'webapp.GET.api.user_profiles.__user_id'],
    ['GET', '/api/documents/', 'webapp.GET.api.documents'],
    ['GET', '/', 'webapp.GET'],
    ['GET', '', 'webapp.GET'],
    ['GET', '/files/:id{[0-9]+}', 'webapp.GET.files.__id'],
    ['GET', '/files/:path{.+/.+}/raw', 'webapp.GET.files.__path.raw'],
    ['GET', '/posts/:id?', 'webapp.GET.posts.__id'],
    ['GET', '/files/:id(^\\d+)', 'webapp.GET.files.__id'],
    ['GET', '/files/:name(^[a-z]+/[a-z]+)/raw', 'webapp.GET.files.__name.raw'],
    ['GET', '/static/*', 'webapp.GET.static.__wildcard'],
    ['GET', '/v1/2fa/report.json', 'webapp.GET.v1._2fa.report_json'],
    ['PATCH', '/api//double', 'webapp.PATCH.api.double'],
  ])('%s %s → %s', (method, route, expected) => {
    expect(policyPath('webapp', method, route)).toBe(expected);
    expect(isPackagePath(policyPath('webapp', method, route))).toBe(true);
  });

  it('keeps a dotted root and prefixes of nested sub-apps', () => {
    expect(policyPath('acme.webapp', 'GET', '/admin/api/v2/items/:item_id')).toBe(
      'acme.webapp.GET.admin.api.v2.items.__item_id',
    );
  });

  it('rejects a root that is not a package path', () => {
    for (const root of ['', '.webapp', 'web-app', 'webapp.', '1app']) {
      expect(() => policyPath(root, 'GET', '/')).toThrow(AuthzConfigError);
    }
  });
});
