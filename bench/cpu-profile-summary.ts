/**
 * A V8 CPU profile (`.cpuprofile`, as `node --cpu-prof` writes it) summed up by function: self
 * time (samples in the function itself) and total time (in it or what it called), so that two
 * profiles of the same server with and without a hook can be compared function by function.
 */

/** The parts of a `.cpuprofile` read here. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
    readonly hitCount?: number;
    readonly children?: readonly number[];
  }[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
}

/** One function's share of a profile, in percent of all samples. */
export interface FunctionShare {
  readonly name: string;
  readonly selfPercent: number;
  readonly totalPercent: number;
}

/** `file:///…/node_modules/pkg/x.js` → `pkg/x.js`; a file under `root` relative to it. */
function functionName(frame: CpuProfile['nodes'][number]['callFrame'], root: string): string {
  const file = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(`${root}/`, '');
  return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
}

/**
 * Every function's self and total share of `profile`'s samples, largest total first. A function
 * that calls itself counts once in its own total. Functions are named with their file and line,
 * files under `root` (default the working directory) relative to it.
 *
 * @example
 * functionShares(JSON.parse(readFileSync('CPU.…cpuprofile', 'utf8'))).slice(0, 20);
 */
export function functionShares(profile: CpuProfile, root: string = process.cwd()): FunctionShare[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const all = profile.samples.length || 1;
  const walk = (id: number, onStack: ReadonlySet<string>): number => {
    const node = byId.get(id)!;
    const name = functionName(node.callFrame, root);
    const hits = node.hitCount ?? 0;
    self.set(name, (self.get(name) ?? 0) + hits);
    const stack = new Set(onStack).add(name);
    let below = hits;
    for (const child of node.children ?? []) below += walk(child, stack);
    if (!onStack.has(name)) total.set(name, (total.get(name) ?? 0) + below);
    return below;
  };
  walk(profile.nodes[0]!.id, new Set());
  return [...total.entries()]
    .map(([name, hits]) => ({
      name,
      selfPercent: ((self.get(name) ?? 0) * 100) / all,
      totalPercent: (hits * 100) / all,
    }))
    .sort((a, b) => b.totalPercent - a.totalPercent);
}
