/**
 * The application under the adapter contract, and what the suite exchanges with it. The
 * application `makeApp` builds, with the adapter's own API, identities from `X-User-ID`:
 *
 * | route | how it is authorized | answers |
 * |---|---|---|
 * | `GET /health`, `GET /healthz` | global, `/health` excluded | text `ok` |
 * | `GET /public` | global, handler marked with `skipMiddleware` | text `public` |
 * | `GET`, `DELETE /api/documents/:id` | global | JSON `{ id }`, `{ deleted: id }` |
 * | `PURGE /api/cache` | global | text `purged` |
 * | `GET /guarded/auto/:doc_id` | `requirePolicyAuto` | JSON `{ policyPath }` of `authzDecision` |
 * | `GET /guarded/reports` | `requirePolicyAllowed(config, 'webapp.reports.read')` | text `reports` |
 * | `GET /guarded/docs/:id` | `requireRebacAllowed(config, 'document', 'can_read')` | text `doc` |
 * | `GET /guarded/orgs/:org_id/docs/:doc_id` | `requireRebacHierarchy` over `[organization, org_id, member]`, `[document, doc_id, can_read]`, `first_match` | JSON `{ matched }`: the matched level's object type |
 * | `GET /guarded/resources/:id` | `getAuthorizedResource` over {@link CONTRACT_DOCUMENTS}, `document`, `can_read` | JSON: the document |
 * | `GET /guarded/docs` | `filterAuthorizedResources(config, 'document', 'can_read')` over {@link CONTRACT_DOCUMENTS} | JSON: the readable documents |
 * | `GET /guarded/docs/:id/permissions` | `checkRelations(…, ['can_read', 'can_write'], config)` | JSON `{ can_read, can_write }` |
 *
 * The global authorization excludes `/health` and `/guarded/.*` (the guards decide there alone).
 */
import type { Clock } from '../ports/clock.ts';
import type { DecisionService } from '../ports/decision-service.ts';
import type { Logger } from '../ports/logger.ts';
import type { ContractDecisions } from './adapter-contract-decisions.ts';
import type { ManualClock } from './manual-clock.ts';

/** The global exclusions of the contract's application. */
export const CONTRACT_EXCLUDE_PATHS = ['/health', '/guarded/.*'] as const;

/** What `makeApp` gets to build the configuration with (root `webapp`, identities from `X-User-ID`). */
export interface ContractSetup {
  readonly decisionService: DecisionService;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly decisionCache?: { readonly ttlSeconds: number };
  readonly circuitBreaker?: { readonly failureThreshold: number };
  /** Give the route parameters to policies as `input.resource`. */
  readonly paramsAsResourceContext: boolean;
}

/** A response as the contract compares it: JSON bodies parsed, others as text. */
export interface ContractResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
  /**
   * The source of the decision behind a denial (`service`, `fallback`, …), as the application read
   * it from the adapter's denial — header `x-denied-by`; needed with `denialDecisions`.
   */
  readonly deniedBy?: string;
}

/** The application under contract. */
export interface ContractApp {
  /** Sends a request, as `user` (header `X-User-ID`) when given. */
  request(method: string, path: string, user?: string): Promise<ContractResponse>;
  close?(): Promise<void>;
}

/** Parses a response body by its content type. */
export function contractBody(contentType: string, text: string): unknown {
  return contentType.includes('application/json') && text !== '' ? JSON.parse(text) : text;
}

/** Starts one case's application (the suite's own starter). */
export type ContractStarter = (
  options?: Partial<ContractSetup>,
) => Promise<{ app: ContractApp; decisions: ContractDecisions; clock: ManualClock }>;

/** The body of a denial of `policyPath`. */
export const denied = (policyPath: string) => ({ detail: `Access denied: ${policyPath}` });
