/**
 * Test support: a Hono authorization configuration over the in-memory decision service, with
 * identities from `X-User-ID`, and what it logged and audited.
 */

import { type AuditRecord, type AuthzOptions, createAuthzConfig } from '@gatehousejs/core';
import { InMemoryDecisionService, ManualClock, recordingLogger } from '@gatehousejs/core/testing';
import type { Context } from 'hono';
import { identityFromHeader } from './identity-providers.ts';

/** A configuration for Hono tests and what it records. */
export function testConfig(options: Partial<AuthzOptions<Context>> = {}, batch = false) {
  const service = new InMemoryDecisionService({ batch });
  const clock = new ManualClock();
  const audit: AuditRecord[] = [];
  const warnings: string[] = [];
  const errors: string[] = [];
  const config = createAuthzConfig<Context>({
    policyPathRoot: 'webapp',
    decisionService: service,
    identityProvider: identityFromHeader('X-User-ID'),
    auditLogger: { sink: { write: (r) => audit.push(r) } },
    logger: recordingLogger(warnings, errors),
    clock,
    ...options,
  });
  return { config, service, clock, audit, warnings, errors };
}

/** Request headers of a signed-in user. */
export const as = (user: string): RequestInit => ({ headers: { 'X-User-ID': user } });
