/**
 * A configuration wired for unit tests: the in-memory decision service, a manual clock, and a
 * logger and audit sink that record what they receive.
 */
import { type AuthzConfig, type AuthzOptions, createAuthzConfig } from '../config.ts';
import type { Identity } from '../identity.ts';
import type { AuditRecord } from '../ports/audit-sink.ts';
import type { Logger } from '../ports/logger.ts';
import {
  InMemoryDecisionService,
  type InMemoryDecisionServiceOptions,
} from './in-memory-decision-service.ts';
import { ManualClock } from './manual-clock.ts';

/** A test request: who calls, and what the resource context provider should return. */
export interface TestRequest {
  readonly identity: Identity;
  readonly context?: Readonly<Record<string, unknown>>;
}

/** Everything a test observes. */
export interface Harness {
  readonly config: AuthzConfig<TestRequest>;
  readonly service: InMemoryDecisionService;
  readonly clock: ManualClock;
  readonly audit: AuditRecord[];
  readonly warnings: string[];
  readonly errors: string[];
}

/** A logger that keeps messages. */
export function recordingLogger(warnings: string[], errors: string[]): Logger {
  return { warn: (m) => warnings.push(m), error: (m) => errors.push(m) };
}

/** Builds a harness; `options` override the defaults (no cache, no breaker, audit on). */
export function createHarness(
  options: Partial<AuthzOptions<TestRequest>> = {},
  serviceOptions: InMemoryDecisionServiceOptions = {},
): Harness {
  const service = new InMemoryDecisionService(serviceOptions);
  const clock = new ManualClock();
  const audit: AuditRecord[] = [];
  const warnings: string[] = [];
  const errors: string[] = [];
  const config = createAuthzConfig<TestRequest>({
    policyPathRoot: 'app',
    decisionService: service,
    identityProvider: (request) => request.identity,
    resourceContextProvider: (request) => request.context ?? {},
    auditLogger: { sink: { write: (r) => audit.push(r) } },
    logger: recordingLogger(warnings, errors),
    clock,
    ...options,
  });
  return { config, service, clock, audit, warnings, errors };
}

/** Requests of the usual test users. */
export const alice: TestRequest = { identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' } };
export const bob: TestRequest = { identity: { type: 'IDENTITY_TYPE_SUB', value: 'bob' } };
export const nobody: TestRequest = { identity: { type: 'IDENTITY_TYPE_NONE' } };
