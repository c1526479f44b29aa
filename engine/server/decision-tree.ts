/**
 * Topaz's `DecisionTree`: every policy package whose path starts with the request's path and that
 * defines one of the requested decisions is evaluated for the caller; the answer maps each such
 * package (dot- or slash-separated) to its decisions.
 */
import {
  type DecisionTreeRequest,
  type DecisionTreeResponseSchema,
  PathSeparator,
} from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import type { JsonObject, MessageInitShape } from '@bufbuild/protobuf';
import type { DecisionService } from '../../core/index.ts';
import { identityOf, verifyDecisionTreeRequest } from './authorizer-requests.ts';
import type { PolicyCatalog, PolicyModule } from './capabilities.ts';
import { topazError, topazErrors, toTopazError } from './topaz-errors.ts';

/** What a decision tree is computed from. */
export interface DecisionTreeBackends {
  readonly decisionService: DecisionService;
  readonly policyCatalog: PolicyCatalog;
  readonly signal?: AbortSignal;
}

/** Rule names per package path, over every module of each package. */
function rulesByPackage(modules: readonly PolicyModule[]): Map<string, Set<string>> {
  const packages = new Map<string, Set<string>>();
  for (const module of modules) {
    const rules = packages.get(module.packagePath) ?? new Set<string>();
    for (const rule of module.ruleNames) rules.add(rule);
    packages.set(module.packagePath, rules);
  }
  return packages;
}

/**
 * Evaluates a decision tree. The wildcard decision `*` stands for every rule a package defines
 * (Topaz selects the packages but then reports no decisions for `*`; reporting them is the
 * useful reading).
 */
export async function decisionTree(
  req: DecisionTreeRequest,
  backends: DecisionTreeBackends,
): Promise<MessageInitShape<typeof DecisionTreeResponseSchema>> {
  const { policyContext, identityContext } = verifyDecisionTreeRequest(req);
  const identity = identityOf(identityContext);
  const wildcard = policyContext.decisions.length === 1 && policyContext.decisions[0] === '*';
  const requested = new Set(policyContext.decisions);
  const slash = req.options?.pathSeparator === PathSeparator.SLASH;

  let packages: Map<string, Set<string>>;
  try {
    packages = rulesByPackage(await backends.policyCatalog.listPolicies());
  } catch (error) {
    throw toTopazError(error, 'authorizer');
  }
  const selected: { packagePath: string; decisions: string[] }[] = [];
  for (const [packagePath, rules] of packages) {
    if (!`data.${packagePath}`.startsWith(`data.${policyContext.path}`)) continue;
    const decisions = wildcard ? [...rules] : [...rules].filter((rule) => requested.has(rule));
    if (decisions.length > 0) selected.push({ packagePath, decisions });
  }
  if (selected.length === 0) throw topazError(topazErrors.invalidArgument, { msg: 'no decisions specified' });

  const resourceContext = req.resourceContext ?? {};
  const outcomes = await Promise.all(
    selected.map(async ({ packagePath, decisions }) => {
      try {
        return await backends.decisionService.decide(
          { identity, policyPath: packagePath, decisions, resourceContext },
          { signal: backends.signal },
        );
      } catch (error) {
        throw toTopazError(error, 'authorizer', `r = data.${packagePath}\n`);
      }
    }),
  );
  const path: JsonObject = {};
  selected.forEach(({ packagePath, decisions }, index) => {
    const outcome = outcomes[index] ?? {};
    const key = slash ? packagePath.replaceAll('.', '/') : packagePath;
    path[key] = Object.fromEntries(decisions.map((d) => [d, outcome[d] === true]));
  });
  return { pathRoot: policyContext.path, path };
}
