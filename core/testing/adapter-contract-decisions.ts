/**
 * The decision side of the adapter contract: its policies and directory as rules of the in-memory
 * decision service, so that a third-party adapter runs the contract with nothing but core. (Our
 * own adapters run it on the embedded engine too, with the same policies written in Rego.)
 */
import type { DecisionService } from '../ports/decision-service.ts';
import { DecisionServiceError } from '../ports/decision-service.ts';
import type { DecisionRule } from './in-memory-decision-service.ts';
import { InMemoryDecisionService } from './in-memory-decision-service.ts';

/** The decision service a contract run uses, and how to take it down. */
export interface ContractDecisions {
  readonly service: DecisionService;
  /** From now on every decision fails as with a service that is down (transient). */
  stop(): Promise<void>;
  /** Releases the service (idempotent). */
  dispose(): Promise<void>;
}

/** The documents the resource routes serve: alice owns doc-1 (bob reads it), bob owns doc-2, doc-3 is nobody's. */
export const CONTRACT_DOCUMENTS: readonly { readonly id: string; readonly title: string }[] = [
  { id: 'doc-1', title: 'Plan' },
  { id: 'doc-2', title: 'Budget' },
  { id: 'doc-3', title: 'Archive' },
];

/** `objectType:objectId#relation@user` for every relation of the contract's directory. */
const RELATIONS = new Set([
  'document:doc-1#owner@alice',
  'document:doc-1#reader@bob',
  'document:doc-2#owner@bob',
  'organization:o1#member@alice',
]);

/** The manifest's permissions: each the relations that grant it. */
const PERMISSIONS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  document: { can_read: ['owner', 'reader'], can_write: ['owner'] },
};

function holds(objectType: string, objectId: string, relation: string, subjectId: string): boolean {
  const granting = PERMISSIONS[objectType]?.[relation] ?? [relation];
  return granting.some((r) => RELATIONS.has(`${objectType}:${objectId}#${r}@${subjectId}`));
}

const aliceOnly: DecisionRule = (q) => q.identity.value === 'alice';

/**
 * The contract's policies (root `webapp`; no policy for `GET /healthz`, so asking for it denies):
 * alice only on the documents, the cache, the automatic guard and the reports; nobody may delete;
 * `webapp.check` answers from the directory (`document`: `can_read` = owner | reader,
 * `can_write` = owner; `organization`: `member`).
 */
export const CONTRACT_RULES: Readonly<Record<string, DecisionRule>> = {
  'webapp.GET.api.documents.__id': aliceOnly,
  'webapp.DELETE.api.documents.__id': () => false,
  'webapp.PURGE.api.cache': aliceOnly,
  'webapp.GET.guarded.auto.__doc_id': aliceOnly,
  'webapp.reports.read': aliceOnly,
  'webapp.check': (q) => {
    const r = q.resourceContext;
    return (
      q.identity.value !== undefined &&
      r.subject_type === 'user' &&
      holds(String(r.object_type), String(r.object_id), String(r.relation), q.identity.value)
    );
  },
};

/** The contract's decisions from the in-memory decision service (the default of `runAdapterContract`). */
export async function startInMemoryContractDecisions(): Promise<ContractDecisions> {
  const service = new InMemoryDecisionService({ rules: CONTRACT_RULES });
  return {
    service,
    async stop() {
      service.failWith(new DecisionServiceError('service_unavailable', 'the contract stopped the service'));
    },
    async dispose() {},
  };
}
