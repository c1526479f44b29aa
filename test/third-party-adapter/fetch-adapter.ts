/**
 * A framework adapter as a third party writes one, from the public entries only
 * (`@gatehousejs/core` and `@gatehousejs/core/adapter`): a small router for `fetch` handlers
 * (`Request → Response`, as on workerd, Deno or Bun) with Gatehouse's global authorization, its
 * route guards and its HTTP answers. It exists to prove — by running the shared adapter contract
 * against it — that those entries are enough to write an adapter; `docs/guides/writing-an-adapter.md`
 * walks through it.
 */
import {
  type AuthzConfig,
  checkHierarchy,
  checkPolicy,
  checkRelation,
  checkRelations,
  type Decision,
  DecisionUnavailableError,
  filterAuthorized,
  type HierarchyLevelInput,
  type HierarchyMode,
  hierarchyOf,
  type Identity,
} from '@gatehousejs/core';
import { compilePathExclusions, policyPathMemo, requireName } from '@gatehousejs/core/adapter';

/** What the adapter's providers and handlers get: the request and its route's parameters. */
export interface FetchRequest {
  readonly request: Request;
  readonly params: Readonly<Record<string, string>>;
  /** The decision of the global authorization or of a guard, for handlers. */
  decision?: Decision;
}

/** A handler, or a guard that may answer instead of the handler (a denial) or pass (`undefined`). */
export type FetchHandler = (req: FetchRequest) => Response | Promise<Response>;
export type FetchGuard = (req: FetchRequest) => Promise<Response | undefined>;

interface Route {
  readonly method: string;
  readonly pattern: string;
  readonly segments: readonly string[];
  readonly guards: readonly FetchGuard[];
  readonly handler: FetchHandler;
  readonly skipped: boolean;
}

/** A JSON answer `{ "detail": … }`, as Gatehouse's adapters answer. */
export const detail = (status: number, text: string) => Response.json({ detail: text }, { status });
/** A denial: 401 when the caller had no identity (signing in may change the answer), else 403. */
const denied = (policyPath: string, decision?: Pick<Decision, 'anonymous'>) =>
  decision?.anonymous
    ? detail(401, `Sign-in required: ${policyPath}`)
    : detail(403, `Access denied: ${policyPath}`);

/** Maps core's errors to HTTP: an unavailable decision service without a breaker is 503. */
async function answering(task: () => Promise<Response | undefined>): Promise<Response | undefined> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof DecisionUnavailableError)
      return detail(503, 'Authorization service unavailable: try again later');
    throw error;
  }
}

/** The identity from a request header (`IDENTITY_TYPE_NONE` without it). */
export function identityFromHeader(header: string): (req: FetchRequest) => Identity {
  return (req) => {
    const value = req.request.headers.get(header)?.trim();
    return value ? { type: 'IDENTITY_TYPE_SUB', value } : { type: 'IDENTITY_TYPE_NONE' };
  };
}

/** A router whose every route is authorized by the policy of its pattern, unless excluded or skipped. */
export class AuthorizedRouter {
  readonly #routes: Route[] = [];
  readonly #config: AuthzConfig<FetchRequest>;
  readonly #excluded: ReturnType<typeof compilePathExclusions>;
  readonly #policyPath: (method: string, pattern: string) => string;

  constructor(config: AuthzConfig<FetchRequest>, options: { excludePaths?: readonly string[] } = {}) {
    this.#config = config;
    this.#excluded = compilePathExclusions(options.excludePaths ?? [], 'excludePaths');
    this.#policyPath = policyPathMemo(config.policyPathRoot);
  }

  /** Adds a route (`:name` segments are parameters); `skip` leaves it to its guards alone. */
  on(method: string, pattern: string, ...rest: [...FetchGuard[], FetchHandler]): this {
    return this.#add(method, pattern, rest, false);
  }

  /** Adds a route the global authorization leaves alone. */
  skipped(method: string, pattern: string, handler: FetchHandler): this {
    return this.#add(method, pattern, [handler], true);
  }

  #add(method: string, pattern: string, rest: readonly (FetchGuard | FetchHandler)[], skipped: boolean) {
    const handler = rest[rest.length - 1] as FetchHandler;
    const guards = rest.slice(0, -1) as FetchGuard[];
    this.#routes.push({ method, pattern, segments: pattern.split('/'), guards, handler, skipped });
    return this;
  }

  /** Answers a request: 404 without a route, the global decision, the guards, then the handler. */
  readonly fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const found = this.#match(method, url.pathname);
    if (!found) return detail(404, 'Not found');
    const [route, params] = found;
    const req: FetchRequest = { request, params };
    const info = { method: request.method, path: url.pathname };
    if (!route.skipped && !this.#excluded.matches(url.pathname)) {
      const policyPath = this.#policyPath(request.method, route.pattern);
      const answer = await answering(async () => {
        const decision = await checkPolicy(this.#config, req, policyPath, info);
        req.decision = decision;
        return decision.allowed ? undefined : denied(policyPath, decision);
      });
      if (answer) return answer;
    }
    for (const guard of route.guards) {
      const answer = await answering(() => guard(req));
      if (answer) return answer;
    }
    const response = (await answering(async () => route.handler(req))) as Response;
    return request.method === 'HEAD' ? new Response(null, response) : response;
  };

  #match(method: string, path: string): [Route, Record<string, string>] | undefined {
    // Segments are compared decoded, so an encoded path reaches the same route and policy.
    const segments = path.split('/').map((s) => decodeURIComponent(s));
    for (const route of this.#routes) {
      if (route.method !== method || route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = route.segments.every((part, i) => {
        if (part.startsWith(':')) params[part.slice(1)] = segments[i] as string;
        return part.startsWith(':') || part === segments[i];
      });
      if (matches) return [route, params];
    }
    return undefined;
  }
}

/** Guards a route with the policy path derived from its method and pattern. */
export function requirePolicyAuto(config: AuthzConfig<FetchRequest>, pattern: string): FetchGuard {
  const pathOf = policyPathMemo(config.policyPathRoot);
  return async (req) => {
    const policyPath = pathOf(req.request.method, pattern);
    const decision = await checkPolicy(config, req, policyPath);
    req.decision = decision;
    return decision.allowed ? undefined : denied(policyPath, decision);
  };
}

/** Guards a route with an explicit policy path. */
export function requirePolicyAllowed(config: AuthzConfig<FetchRequest>, policyPath: string): FetchGuard {
  return async (req) => {
    const decision = await checkPolicy(config, req, policyPath);
    return decision.allowed ? undefined : denied(policyPath, decision);
  };
}

/** Guards a route with a relation on the object of route parameter `paramName` (default `id`). */
export function requireRebacAllowed(
  config: AuthzConfig<FetchRequest>,
  objectType: string,
  relation: string,
  paramName = 'id',
): FetchGuard {
  requireName('objectType', objectType);
  requireName('relation', relation);
  return async (req) => {
    const spec = { objectType, objectId: req.params[paramName] ?? '', relation };
    const decision = await checkRelation(config, req, spec);
    return decision.allowed ? undefined : denied(decision.policyPath, decision);
  };
}

/** Guards a route with a hierarchy of relations; the matched level is left in `matched`. */
export function requireRebacHierarchy(
  config: AuthzConfig<FetchRequest>,
  levels: readonly HierarchyLevelInput[],
  mode: HierarchyMode,
  matched: WeakMap<FetchRequest, string | undefined>,
): FetchGuard {
  const hierarchy = hierarchyOf(levels, mode);
  return async (req) => {
    const result = await checkHierarchy(config, req, hierarchy, (level) => req.params[level.paramName]);
    matched.set(req, result.matched?.objectType);
    const anonymous = result.decisions.some(({ decision }) => decision.anonymous);
    return result.allowed ? undefined : denied(result.policyPath, anonymous ? { anonymous: true } : {});
  };
}

/** Fetches a resource, then authorizes a relation on it: 404 when absent, 403 when denied. */
export function authorizedResource<T extends { id: string }>(
  config: AuthzConfig<FetchRequest>,
  find: (id: string) => T | undefined,
  objectType: string,
  relation: string,
  found: WeakMap<FetchRequest, T>,
): FetchGuard {
  return async (req) => {
    const resource = find(req.params.id ?? '');
    if (!resource) return detail(404, `${objectType} not found`);
    const decision = await checkRelation(config, req, { objectType, objectId: resource.id, relation });
    if (!decision.allowed) return denied(decision.policyPath, decision);
    found.set(req, resource);
    return undefined;
  };
}

/** The items of `resources` whose object the request's identity holds `relation` on, in order. */
export function readableResources<T extends { id: string }>(
  config: AuthzConfig<FetchRequest>,
  req: FetchRequest,
  resources: readonly T[],
  objectType: string,
  relation: string,
): Promise<T[]> {
  return filterAuthorized(config, req, resources, { objectType, relation, objectId: (item) => item.id });
}

/** Which of `relations` the request's identity holds on one object (never throws on denial). */
export function relationsOf(
  config: AuthzConfig<FetchRequest>,
  req: FetchRequest,
  objectType: string,
  objectId: string,
  relations: readonly string[],
): Promise<Record<string, boolean>> {
  return checkRelations(config, req, objectType, objectId, relations);
}
