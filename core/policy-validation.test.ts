import { describe, expect, it } from 'vitest';
import { MissingPoliciesError, PolicyPathCollisionError } from './errors.ts';
import { policyPackagesOf, validatePolicies } from './policy-validation.ts';

const routes = [
  { method: 'GET', path: '/api/documents', policyPath: 'webapp.GET.api.documents' },
  { method: 'GET', path: '/api/documents/:id', policyPath: 'webapp.GET.api.documents.__id' },
  { method: 'DELETE', path: '/api/documents/:id', policyPath: 'webapp.DELETE.api.documents.__id' },
];

describe('validatePolicies', () => {
  it('is valid when every route has a policy (data. prefix accepted)', () => {
    const policies = [
      'data.webapp.GET.api.documents',
      'webapp.GET.api.documents.__id',
      'webapp.DELETE.api.documents.__id',
    ];
    expect(validatePolicies(routes, policies)).toEqual({ valid: true, missingPolicies: [], collisions: [] });
  });

  it('lists the missing policies with method and path', () => {
    expect(validatePolicies(routes, new Set(['webapp.GET.api.documents']))).toEqual({
      valid: false,
      missingPolicies: [
        { policyPath: 'webapp.GET.api.documents.__id', method: 'GET', path: '/api/documents/:id' },
        { policyPath: 'webapp.DELETE.api.documents.__id', method: 'DELETE', path: '/api/documents/:id' },
      ],
      collisions: [],
    });
  });

  it('reports routes that derive one policy path, and refuses them with failOnMissing', () => {
    const colliding = [
      { method: 'GET', path: '/user-profiles', policyPath: 'webapp.GET.user_profiles' },
      { method: 'GET', path: '/user_profiles', policyPath: 'webapp.GET.user_profiles' },
      { method: 'GET', path: '/users/:user-id', policyPath: 'webapp.GET.users.__user_id' },
      { method: 'GET', path: '/users/:user_id', policyPath: 'webapp.GET.users.__user_id' },
      { method: 'POST', path: '/users/:user_id', policyPath: 'webapp.POST.users.__user_id' },
    ];
    const policies = colliding.map((r) => r.policyPath);
    expect(validatePolicies(colliding, policies)).toEqual({
      valid: false,
      missingPolicies: [],
      collisions: [
        {
          policyPath: 'webapp.GET.user_profiles',
          method: 'GET',
          paths: ['/user-profiles', '/user_profiles'],
        },
        {
          policyPath: 'webapp.GET.users.__user_id',
          method: 'GET',
          paths: ['/users/:user-id', '/users/:user_id'],
        },
      ],
    });
    expect(() => validatePolicies(colliding, policies, { failOnMissing: true })).toThrow(
      PolicyPathCollisionError,
    );
    expect(() => validatePolicies(colliding, policies, { failOnMissing: true })).toThrow(
      'GET /user-profiles and GET /user_profiles share policy path webapp.GET.user_profiles',
    );
  });

  it('throws stating the count with failOnMissing', () => {
    expect(() => validatePolicies(routes, [], { failOnMissing: true })).toThrow(MissingPoliciesError);
    expect(() => validatePolicies(routes, [], { failOnMissing: true })).toThrow(/^3 policies are missing/);
    expect(validatePolicies([], [], { failOnMissing: true }).valid).toBe(true);
  });
});

describe('policyPackagesOf', () => {
  it('reads the package of each Rego source', () => {
    const sources = [
      { source: '# header\npackage webapp.GET.api.documents\n\nimport rego.v1\n' },
      { source: 'package data.webapp.check\n' },
      { source: 'package webapp["user-profiles"].GET\n' },
      { source: 'no package here' },
    ];
    expect(policyPackagesOf(sources)).toEqual([
      'webapp.GET.api.documents',
      'webapp.check',
      'webapp.user-profiles.GET',
    ]);
  });
});
