/**
 * The shortest way through the policy flow: a decision-cache hit answered before, when nothing
 * records decisions.
 */
import { rememberedCacheKey } from './cache-key.ts';
import type { AuthzConfig } from './config.ts';
import type { Decision } from './decision-check.ts';
import { recordsNothing } from './decision-record.ts';
import type { Identity } from './identity.ts';
import type { ResourceContext } from './ports/decision-service.ts';

/**
 * The answer of a cache hit already answered once, when nothing records decisions: the entry's
 * frozen decision record, found by the remembered key without building the evaluation's check,
 * pending decision and span. `undefined` for anything else — a miss, a first hit, a key not
 * remembered, a context a getter of which throws — which the whole evaluation then decides.
 */
export function repeatedHit<R>(
  config: AuthzConfig<R>,
  identity: Identity,
  policyPath: string,
  decision: string,
  resourceContext: ResourceContext,
): Decision | undefined {
  const cache = config.decisionCache;
  if (cache === undefined || !recordsNothing(config)) return undefined;
  let key: string | undefined;
  try {
    key = rememberedCacheKey(identity, policyPath, decision, resourceContext);
  } catch {
    return undefined; // evaluate reads the context again, and reports its failure
  }
  return key === undefined ? undefined : (cache.fresh(key)?.hit as Decision | undefined);
}
