/**
 * The adapter contract: one suite every framework adapter runs (Hono, Fastify, and a third
 * party's), so that the same requests against the same routes and policies get the same statuses
 * and bodies. Decisions come from the in-memory decision service (`adapter-contract-decisions.ts`)
 * unless the run gives its own (our adapters also run it on the embedded engine).
 *
 * The application `makeApp` builds, with the adapter's own API, identities from `X-User-ID`:
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

import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../ports/clock.ts';
import type { DecisionService } from '../ports/decision-service.ts';
import type { Logger } from '../ports/logger.ts';
import {
  CONTRACT_DOCUMENTS,
  type ContractDecisions,
  startInMemoryContractDecisions,
} from './adapter-contract-decisions.ts';
import { denialDecisionCases } from './adapter-contract-denials.ts';
import { recordingLogger } from './harness.ts';
import { ManualClock } from './manual-clock.ts';

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

const denied = (policyPath: string) => ({ detail: `Access denied: ${policyPath}` });
const UNAVAILABLE = { detail: 'Authorization service unavailable: try again later' };

/** Options of {@link runAdapterContract}. */
export interface AdapterContractOptions {
  /**
   * Starts the decision service of one case, loaded with the contract's policies and directory
   * (default: the in-memory decision service with `CONTRACT_RULES`).
   */
  readonly decisions?: () => Promise<ContractDecisions>;
  /**
   * The adapter carries the deciding decision in its denials, and the contract application reports
   * its source as `deniedBy`: the cases of `adapter-contract-denials.ts` run too.
   */
  readonly denialDecisions?: boolean;
}

/**
 * Runs the contract (Vitest) against the applications `makeApp` builds: `makeApp` gets the
 * decision service, clock and logger to configure with and returns a way to send requests.
 *
 * @param options.decisions the decision side (default: the in-memory decision service)
 * @example
 * runAdapterContract('express', (setup) => expressContractApp(setup));
 */
export function runAdapterContract(
  name: string,
  makeApp: (setup: ContractSetup) => ContractApp | Promise<ContractApp>,
  options: AdapterContractOptions = {},
): void {
  const startDecisions = options.decisions ?? startInMemoryContractDecisions;
  describe(`adapter contract: ${name}`, () => {
    const running: { decisions: ContractDecisions; app: ContractApp }[] = [];
    afterEach(async () => {
      for (const { decisions, app } of running.splice(0)) {
        await app.close?.();
        await decisions.dispose();
      }
    });

    async function start(options: Partial<ContractSetup> = {}) {
      const decisions = await startDecisions();
      const clock = new ManualClock();
      const errors: string[] = [];
      const app = await makeApp({
        decisionService: decisions.service,
        clock,
        logger: recordingLogger([], errors),
        paramsAsResourceContext: false,
        ...options,
      });
      running.push({ decisions, app });
      return { app, decisions, clock, errors };
    }

    if (options.denialDecisions) denialDecisionCases(start);

    it('allows by the policy of the matched route pattern, and denies with 403 and its path', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/api/documents/42', 'alice')).toMatchObject({
        status: 200,
        body: { id: '42' },
      });
      const bob = await app.request('GET', '/api/documents/42', 'bob');
      expect(bob.status).toBe(403);
      expect(bob.contentType).toContain('application/json');
      expect(bob.body).toEqual(denied('webapp.GET.api.documents.__id'));
      expect(await app.request('DELETE', '/api/documents/42', 'alice')).toMatchObject({
        status: 403,
        body: denied('webapp.DELETE.api.documents.__id'),
      });
    });

    it('anchors exclusions to the whole path, encoded or not', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/health')).toMatchObject({ status: 200, body: 'ok' });
      expect(await app.request('GET', '/healthz', 'alice')).toMatchObject({
        status: 403,
        body: denied('webapp.GET.healthz'),
      });
      expect((await app.request('GET', '/%68ealthz', 'alice')).status).toBe(403);
    });

    it('authorizes HEAD as GET', async () => {
      const { app } = await start();
      expect((await app.request('HEAD', '/api/documents/1', 'alice')).status).toBe(200);
      expect((await app.request('HEAD', '/api/documents/1', 'bob')).status).toBe(403);
    });

    it('lets no method bypass authorization', async () => {
      const { app } = await start();
      expect(await app.request('PURGE', '/api/cache', 'bob')).toMatchObject({
        status: 403,
        body: denied('webapp.PURGE.api.cache'),
      });
      expect(await app.request('PURGE', '/api/cache', 'alice')).toMatchObject({
        status: 200,
        body: 'purged',
      });
    });

    it('decides by the route pattern, whatever the encoding of the path', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/api/documents/a%2Fb', 'alice')).toMatchObject({
        status: 200,
        body: { id: 'a/b' },
      });
      expect(await app.request('GET', '/api/%64ocuments/7', 'alice')).toMatchObject({
        status: 200,
        body: { id: '7' },
      });
      expect((await app.request('GET', '/api/%64ocuments/7', 'bob')).status).toBe(403);
    });

    it('leaves skipped routes alone, and requests no route answers to the 404 handler', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/public')).toMatchObject({ status: 200, body: 'public' });
      expect((await app.request('GET', '/nowhere', 'alice')).status).toBe(404);
    });

    it('guards a route by its derived or an explicit policy path', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/guarded/auto/7', 'alice')).toMatchObject({
        status: 200,
        body: { policyPath: 'webapp.GET.guarded.auto.__doc_id' },
      });
      expect(await app.request('GET', '/guarded/auto/7', 'bob')).toMatchObject({
        status: 403,
        body: denied('webapp.GET.guarded.auto.__doc_id'),
      });
      expect(await app.request('GET', '/guarded/reports', 'alice')).toMatchObject({
        status: 200,
        body: 'reports',
      });
      expect(await app.request('GET', '/guarded/reports', 'bob')).toMatchObject({
        status: 403,
        body: denied('webapp.reports.read'),
      });
    });

    it('guards a route by a relation on the object of its parameter', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/guarded/docs/doc-1', 'bob')).toMatchObject({
        status: 200,
        body: 'doc',
      });
      expect(await app.request('GET', '/guarded/docs/doc-2', 'alice')).toMatchObject({
        status: 403,
        body: denied('webapp.check'),
      });
    });

    it('guards a route by a hierarchy of relations, reporting the first level that matched', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/guarded/orgs/o1/docs/doc-3', 'alice')).toMatchObject({
        status: 200,
        body: { matched: 'organization' },
      });
      expect(await app.request('GET', '/guarded/orgs/o1/docs/doc-1', 'bob')).toMatchObject({
        status: 200,
        body: { matched: 'document' },
      });
      expect(await app.request('GET', '/guarded/orgs/o1/docs/doc-1', 'carol')).toMatchObject({
        status: 403,
        body: denied('webapp.check'),
      });
    });

    it('fetches then authorizes a resource: 200 with it, 404 when absent, 403 when the relation does not hold', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/guarded/resources/doc-2', 'bob')).toMatchObject({
        status: 200,
        body: CONTRACT_DOCUMENTS[1],
      });
      expect(await app.request('GET', '/guarded/resources/doc-99', 'bob')).toMatchObject({
        status: 404,
        body: { detail: 'document not found' },
      });
      expect(await app.request('GET', '/guarded/resources/doc-2', 'alice')).toMatchObject({
        status: 403,
        body: denied('webapp.check'),
      });
    });

    it('filters a list to the readable resources, in order', async () => {
      const { app } = await start();
      expect((await app.request('GET', '/guarded/docs', 'alice')).body).toEqual([CONTRACT_DOCUMENTS[0]]);
      expect((await app.request('GET', '/guarded/docs', 'bob')).body).toEqual(CONTRACT_DOCUMENTS.slice(0, 2));
      expect((await app.request('GET', '/guarded/docs', 'carol')).body).toEqual([]);
    });

    it('reports relations without raising', async () => {
      const { app } = await start();
      expect((await app.request('GET', '/guarded/docs/doc-1/permissions', 'bob')).body).toEqual({
        can_read: true,
        can_write: false,
      });
      expect((await app.request('GET', '/guarded/docs/doc-1/permissions', 'alice')).body).toEqual({
        can_read: true,
        can_write: true,
      });
    });

    it('answers 503 when the decision service is unavailable and there is no breaker, never 500 or an allow', async () => {
      const { app, decisions } = await start();
      await decisions.stop();
      for (const [path, user] of [
        ['/api/documents/1', 'alice'],
        ['/guarded/auto/1', 'alice'],
        ['/guarded/docs/doc-1', 'bob'],
        ['/guarded/orgs/o1/docs/doc-1', 'alice'],
        ['/guarded/resources/doc-1', 'alice'],
        ['/guarded/docs', 'alice'],
      ] as const) {
        expect(await app.request('GET', path, user), path).toMatchObject({ status: 503, body: UNAVAILABLE });
      }
      expect((await app.request('GET', '/guarded/docs/doc-1/permissions', 'alice')).body).toEqual({
        can_read: false,
        can_write: false,
      });
    });

    it('lets the breaker fallback decide while the service is down: a stale allow, otherwise 403', async () => {
      const { app, decisions, clock } = await start({
        decisionCache: { ttlSeconds: 1 },
        circuitBreaker: { failureThreshold: 1 },
        paramsAsResourceContext: true,
      });
      expect((await app.request('GET', '/api/documents/1', 'alice')).status).toBe(200);
      clock.advance(5_000);
      await decisions.stop();
      expect(await app.request('GET', '/api/documents/1', 'alice')).toMatchObject({
        status: 200,
        body: { id: '1' },
      });
      expect(await app.request('GET', '/api/documents/2', 'alice')).toMatchObject({
        status: 403,
        body: denied('webapp.GET.api.documents.__id'),
      });
    });

    it('answers 401 to an anonymous request where the policy wants a user', async () => {
      const { app } = await start();
      expect(await app.request('GET', '/api/documents/1')).toMatchObject({
        status: 401,
        body: { detail: 'Sign-in required: webapp.GET.api.documents.__id' },
      });
    });
  });
}
