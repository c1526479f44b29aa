/**
 * In-memory doubles of the server's optional capabilities: a policy catalog from a module list,
 * a manifest store, and a query evaluator answering `x = data.<package>.<rule>` queries through
 * a decision service.
 */
import { AuthzError, type DecisionService } from '../../../core/index.ts';
import type {
  ManifestStore,
  PolicyCatalog,
  PolicyModule,
  RegoQuery,
  RegoQueryEvaluator,
  RegoQueryResult,
  StoredManifest,
} from '../capabilities.ts';

/** A catalog of fixed modules. */
export class MemoryPolicyCatalog implements PolicyCatalog {
  readonly modules: PolicyModule[];

  constructor(modules: PolicyModule[]) {
    this.modules = modules;
  }

  async listPolicies(): Promise<readonly PolicyModule[]> {
    return this.modules;
  }
}

/** A manifest held in memory; a body without `model:` is rejected as an invalid request. */
export class MemoryManifestStore implements ManifestStore {
  manifest: StoredManifest | undefined;
  #version = 0;

  async getManifest(): Promise<StoredManifest | undefined> {
    return this.manifest;
  }

  async setManifest(body: string): Promise<void> {
    if (!body.includes('model:')) throw new AuthzError('invalid_request', 'manifest has no model section');
    this.#version++;
    this.manifest = { body, etag: `v${this.#version}`, updatedAt: new Date(Date.UTC(2026, 0, 1)) };
  }

  async deleteManifest(): Promise<void> {
    this.manifest = undefined;
  }
}

/** Answers queries `x = data.<package>.<rule>` by asking `decisionService` for the rule. */
export class DecisionQueryEvaluator implements RegoQueryEvaluator {
  readonly #decisionService: DecisionService;
  /** Queries received, for assertions on the input the server built. */
  readonly received: RegoQuery[] = [];

  constructor(decisionService: DecisionService) {
    this.#decisionService = decisionService;
  }

  async query(query: RegoQuery): Promise<readonly RegoQueryResult[]> {
    this.received.push(query);
    const match = /^(\w+) = data\.([\w.]+)\.(\w+)$/.exec(query.query.trim());
    if (!match) throw new AuthzError('invalid_request', `cannot parse query ${query.query}`);
    const [, variable = 'x', policyPath = '', rule = ''] = match;
    const decisions = await this.#decisionService.decide({
      identity: query.identity,
      policyPath,
      decisions: [rule],
      resourceContext: (query.input.resource as Record<string, unknown> | undefined) ?? {},
    });
    const value = decisions[rule] === true;
    return [
      {
        expressions: [{ value: true, text: query.query.trim(), location: { row: 1, col: 1 } }],
        bindings: { [variable]: value },
      },
    ];
  }
}
