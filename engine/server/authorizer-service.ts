/**
 * The authorizer API (`aserto.authorizer.v2.Authorizer`) over core's `DecisionService` and the
 * server's optional capabilities: `Is`, `DecisionTree`, `Query`, `ListPolicies`, `GetPolicy`,
 * `Info` (`Compile` is not offered: Unimplemented).
 */
import type {
  Module,
  ModuleSchema,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/module_pb.js';
import type { Authorizer } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import { fromJson, type JsonObject, type JsonValue, type MessageInitShape } from '@bufbuild/protobuf';
import { ValueSchema } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import type { DecisionService } from '../../core/index.ts';
import { identityOf, policyInputOf, verifyIsRequest, verifyQueryRequest } from './authorizer-requests.ts';
import type { PolicyCatalog, PolicyModule, RegoQueryEvaluator } from './capabilities.ts';
import { decisionTree } from './decision-tree.ts';
import { topazError, topazErrors, toTopazError } from './topaz-errors.ts';

/** Build information `Info` reports. */
export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
  readonly date: string;
}

/** What the authorizer API is served from. */
export interface AuthorizerBackends {
  readonly decisionService: DecisionService;
  readonly policyCatalog?: PolicyCatalog;
  readonly queryEvaluator?: RegoQueryEvaluator;
  readonly build: BuildInfo;
}

/** Go's names for Node's platform and architecture, as Topaz's `Info` reports them. */
const goArch: Readonly<Record<string, string>> = { x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' };
const goOs: Readonly<Record<string, string>> = { win32: 'windows' };

function unimplemented(what: string): ConnectError {
  return new ConnectError(
    `${what} is not offered by this server (no ${what} capability)`,
    Code.Unimplemented,
  );
}

function moduleOf(module: PolicyModule, mask: readonly string[]): MessageInitShape<typeof ModuleSchema> {
  const full: Partial<Omit<Module, '$typeName'>> = {
    id: module.id,
    raw: module.raw,
    packagePath: `data.${module.packagePath}`,
  };
  if (module.ast !== undefined) full.ast = fromJson(ValueSchema, module.ast as JsonValue);
  if (mask.length === 0) return full;
  const byProtoName: Record<string, keyof typeof full> = {
    id: 'id',
    raw: 'raw',
    package_path: 'packagePath',
    ast: 'ast',
  };
  const kept: Partial<Omit<Module, '$typeName'>> = {};
  for (const path of mask) {
    const key = byProtoName[path];
    if (key && full[key] !== undefined) Object.assign(kept, { [key]: full[key] });
  }
  return kept;
}

/**
 * Creates the implementation of Topaz's authorizer service.
 *
 * @example
 * router.service(Authorizer, createAuthorizerService({ decisionService, build }));
 */
export function createAuthorizerService(
  backends: AuthorizerBackends,
): Partial<ServiceImpl<typeof Authorizer>> {
  const { decisionService, policyCatalog, queryEvaluator, build } = backends;
  return {
    async is(req, context) {
      const { policyContext, identityContext } = verifyIsRequest(req);
      const identity = identityOf(identityContext);
      const { path, decisions } = policyContext;
      const queryText = decisions.map((d, i) => `x${i} = data.${path}.${d}\n`).join('');
      try {
        const outcome = await decisionService.decide(
          { identity, policyPath: path, decisions, resourceContext: req.resourceContext ?? {} },
          { signal: context.signal },
        );
        return { decisions: decisions.map((decision) => ({ decision, is: outcome[decision] === true })) };
      } catch (error) {
        throw toTopazError(error, 'authorizer', queryText);
      }
    },

    async decisionTree(req, context) {
      if (!policyCatalog) throw unimplemented('DecisionTree');
      return decisionTree(req, { decisionService, policyCatalog, signal: context.signal });
    },

    async query(req, context) {
      const identityContext = verifyQueryRequest(req);
      const identity = identityOf(identityContext);
      if (!queryEvaluator) throw unimplemented('Query');
      let input: Record<string, unknown> = {};
      if (req.input !== '') {
        try {
          const parsed: unknown = JSON.parse(req.input);
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
            throw new Error('not an object');
          input = parsed as Record<string, unknown>;
        } catch {
          throw topazError(topazErrors.invalidArgument, {
            msg: "failed to unmarshal input - make sure it's a valid JSON object",
          });
        }
      }
      if (req.policyContext) input.policy = policyInputOf(req.policyContext);
      if (req.resourceContext) input.resource = req.resourceContext;
      try {
        const results = await queryEvaluator.query({
          query: req.query,
          input,
          identity,
          signal: context.signal,
        });
        const result = results.map(({ expressions, bindings }) =>
          Object.keys(bindings).length === 0 ? { expressions } : { expressions, bindings },
        );
        return { response: { result } as unknown as JsonObject, metrics: {}, trace: [], traceSummary: [] };
      } catch (error) {
        if (error instanceof ConnectError) throw error;
        throw topazError(topazErrors.badQuery, {
          cause: error instanceof Error ? error.message : String(error),
        });
      }
    },

    async listPolicies(req) {
      if (!policyCatalog) throw unimplemented('ListPolicies');
      const mask = req.fieldMask?.paths.filter((p) => p !== '') ?? [];
      try {
        const modules = await policyCatalog.listPolicies();
        return { result: modules.map((m) => moduleOf(m, mask)) };
      } catch (error) {
        throw toTopazError(error, 'authorizer');
      }
    },

    async getPolicy(req) {
      if (!policyCatalog) throw unimplemented('GetPolicy');
      let modules: readonly PolicyModule[];
      try {
        modules = await policyCatalog.listPolicies();
      } catch (error) {
        throw toTopazError(error, 'authorizer');
      }
      const module = modules.find((m) => m.id === req.id);
      if (!module) throw topazError(topazErrors.policyNotFound);
      return { result: moduleOf(module, req.fieldMask?.paths.filter((p) => p !== '') ?? []) };
    },

    async info() {
      return {
        ...build,
        os: goOs[process.platform] ?? process.platform,
        arch: goArch[process.arch] ?? process.arch,
      };
    },
  };
}
