/**
 * Policy paths of the routes an adapter's middleware sees, derived once per request method and
 * route pattern; HEAD is authorized as GET (frameworks answer it with GET's handler).
 */
import { policyPath } from './policy-path.ts';

/** The method a request is authorized as: upper case, `HEAD` as `GET`. */
export function authorizationMethod(method: string): string {
  const upper = method.toUpperCase();
  return upper === 'HEAD' ? 'GET' : upper;
}

/** Most (method, pattern) pairs remembered; beyond, paths are derived on each request. */
const LIMIT = 1024;

/**
 * Derives and remembers policy paths under one root, by the request's method as received
 * (authorized as {@link authorizationMethod}: upper case, `HEAD` as `GET`) and route pattern.
 */
export function policyPathMemo(root: string): (requestMethod: string, routePattern: string) => string {
  // Method, then pattern: two lookups of strings the request and the router already hold, rather
  // than building (and hashing) a new key, or upper-casing the method, on every request.
  const known = new Map<string, Map<string, string>>();
  let size = 0;
  return (requestMethod, routePattern) => {
    let byPattern = known.get(requestMethod);
    let path = byPattern?.get(routePattern);
    if (path === undefined) {
      path = policyPath(root, authorizationMethod(requestMethod), routePattern);
      if (size < LIMIT) {
        if (!byPattern) {
          byPattern = new Map();
          known.set(requestMethod, byPattern);
        }
        byPattern.set(routePattern, path);
        size++;
      }
    }
    return path;
  };
}
