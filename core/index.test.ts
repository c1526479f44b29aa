import { describe, expect, it } from 'vitest';
import * as adapter from './adapter/index.ts';
import * as core from './index.ts';

// The main entry is what an application author calls; adapter and port plumbing is in
// `@gatehousejs/core/adapter`. A new export here is a decision about the user API, not a side effect.
const USER_API = [
  'ALLOWED_DECISION',
  'ALLOWED_OBJECT_IDS',
  'ANONYMOUS',
  'AccessDeniedError',
  'AuditLogger',
  'AuditLoggerOptionsSchema',
  'AuthzConfigError',
  'AuthzError',
  'AuthzOptionsSchema',
  'CircuitBreaker',
  'CircuitBreakerOptionsSchema',
  'DEFAULT_SUBJECT_TYPE',
  'DecisionCache',
  'DecisionCacheOptionsSchema',
  'DecisionServiceError',
  'DecisionUnavailableError',
  'FALLBACK_STRATEGIES',
  'HIERARCHY_MODES',
  'MissingPoliciesError',
  'PolicyPathCollisionError',
  'ResourceNotFoundError',
  'checkHierarchy',
  'checkPolicy',
  'checkRelation',
  'checkRelations',
  'consoleLogger',
  'createAuthzConfig',
  'createChangeNotifier',
  'deniedDecision',
  'filterAuthorized',
  'hierarchyOf',
  'isFallbackDenial',
  'isPackagePath',
  'jsonLinesAuditSink',
  'noopMetrics',
  'noopTracer',
  'policyPackagesOf',
  'policyPath',
  'policyPathCollisions',
  'systemClock',
  'validatePolicies',
];

describe("core's main entry", () => {
  it('exports exactly the user API', () => {
    expect(Object.keys(core).sort()).toEqual(USER_API);
  });

  it('leaves port helpers and the relationship check input to the adapter entry', () => {
    for (const name of ['applyDirectoryWrite', 'canApplyBatch', 'canSearchGraph', 'relationCheck']) {
      expect(Object.keys(core)).not.toContain(name);
      expect(Object.keys(adapter)).toContain(name);
    }
  });
});
