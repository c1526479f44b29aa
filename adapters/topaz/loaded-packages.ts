/**
 * The packages Topaz has loaded, remembered for a few seconds. Topaz (0.33.13 and later) answers
 * a decision its package does not define with the same `E30010 … invalid rule` as an unknown
 * package; knowing the packages tells the two apart (an undefined decision is `false`, as
 * everywhere else; an unknown package stays `policy_not_found`).
 */

/** Whether a package is loaded, from a list refreshed at most every `ttlMs`. */
export interface LoadedPackages {
  has(policyPath: string): Promise<boolean>;
}

/**
 * @param list reads the loaded packages (dotted, without `data.`)
 * @param ttlMs how long a list is trusted (default 5,000)
 * @example
 * const packages = loadedPackages(() => service.listPolicyPackages());
 * await packages.has('webapp.GET.api.documents'); // true
 */
export function loadedPackages(list: () => Promise<string[]>, ttlMs = 5_000): LoadedPackages {
  let cached: { at: number; packages: Promise<Set<string>> } | undefined;
  return {
    async has(policyPath) {
      if (!cached || Date.now() - cached.at > ttlMs) {
        const packages = list().then((names) => new Set(names));
        cached = { at: Date.now(), packages };
        packages.catch(() => {
          if (cached?.packages === packages) cached = undefined;
        });
      }
      return (await cached.packages).has(policyPath);
    },
  };
}
