/**
 * Policy paths of the routes a middleware sees, derived once per method and route pattern.
 */
import { policyPath } from '../../core/index.ts';

/** Most (method, pattern) pairs remembered; beyond, paths are derived on each request. */
const LIMIT = 1024;

/** Derives and remembers policy paths under one root. */
export function policyPathMemo(root: string): (method: string, routePattern: string) => string {
  const known = new Map<string, string>();
  return (method, routePattern) => {
    const key = `${method} ${routePattern}`;
    let path = known.get(key);
    if (path === undefined) {
      path = policyPath(root, method, routePattern);
      if (known.size < LIMIT) known.set(key, path);
    }
    return path;
  };
}
