/**
 * What a rule's value depends on besides the policies and the base document: the paths of
 * `input` it reads, directly or through the rules and functions it uses. Two evaluations of one
 * batch that hold equal values at those paths give the rule the same value, so a batch evaluates
 * it once (`CompiledNode.value`). A rule has no footprint — it is evaluated every time — when
 * its value may change with more than input: a non-deterministic built-in (`time.now_ns`,
 * `http.send`, `rand.intn`), a built-in without a declaration (the host's own, such as a
 * directory's), `print`, or a `with` modifier.
 */
import { BUILTIN_DECLARATIONS } from '../builtins/declarations/index.ts';
import { dependencies, type IrTerm, type ResolvedRule, type RuleNode, walkRule } from '../compiler/index.ts';
import type { Value } from '../value/index.ts';

type Node = RuleNode<ResolvedRule>;

/** The paths below `input` a rule reads (`[]`: the whole input). */
export type InputPaths = readonly (readonly Value[])[];

const STABLE_BUILTINS: ReadonlySet<string> = new Set(
  BUILTIN_DECLARATIONS.filter((d) => !d.nondeterministic).map((d) => d.name),
);

/** The constant path of an `input` reference, up to its first variable part. */
function constantPath(t: IrTerm & { k: 'ref' }): Value[] {
  const path: Value[] = [];
  for (const p of t.path) {
    if (p.k !== 'const') break;
    path.push(p.value);
  }
  return path;
}

/** The input paths the rules of `node` read themselves, or `null` when they read more than input. */
function ownPaths(node: Node): Value[][] | null {
  const paths: Value[][] = [];
  let stable = true;
  const heads = new WeakSet<IrTerm>();
  const visit = Object.assign(
    (t: IrTerm) => {
      if (t.k === 'ref') {
        heads.add(t.head);
        if (t.head.k === 'root' && t.head.root === 'input') paths.push(constantPath(t));
      } else if (t.k === 'root' && t.root === 'input' && !heads.has(t)) {
        paths.push([]);
      } else if (t.k === 'call') {
        const callee = t.callee;
        if (callee.kind === 'print') stable = false;
        else if (callee.kind === 'builtin' && !STABLE_BUILTINS.has(callee.name)) stable = false;
      }
    },
    {
      with: () => {
        stable = false;
      },
    },
  );
  for (const rule of node.rules) walkRule(rule, visit);
  return stable ? paths : null;
}

/** Footprints of the rule nodes of one policy set, worked out on first use. */
export class InputFootprints {
  readonly #root: Node;
  readonly #known = new Map<Node, InputPaths | null>();

  constructor(root: Node) {
    this.#root = root;
  }

  /**
   * The input paths `node`'s value depends on, without duplicates or paths below another; `null`
   * when it depends on more than input.
   */
  of(node: Node): InputPaths | null {
    if (this.#known.has(node)) return this.#known.get(node) ?? null;
    // Rules are not recursive (the compiler refuses it); a cycle here would only mean "no footprint".
    this.#known.set(node, null);
    const paths = ownPaths(node);
    let result: InputPaths | null = null;
    if (paths) {
      let stable = true;
      for (const d of dependencies(this.#root, node)) {
        const below = this.of(d);
        if (!below) {
          stable = false;
          break;
        }
        paths.push(...below.map((p) => [...p]));
      }
      if (stable) result = outermost(paths);
    }
    this.#known.set(node, result);
    return result;
  }
}

/** `paths` without duplicates and without those below another one of them. */
function outermost(paths: readonly (readonly Value[])[]): InputPaths {
  const sorted = [...paths].sort((a, b) => a.length - b.length);
  const kept: (readonly Value[])[] = [];
  for (const p of sorted) {
    const covered = kept.some((k) => k.every((part, i) => part === p[i]));
    if (!covered) kept.push(p);
  }
  return kept;
}
