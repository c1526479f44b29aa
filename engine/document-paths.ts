/**
 * Which `data` paths a set of policies (and the base document) can define, known from the syntax
 * alone: packages and the namespaces above them, rule paths (ref heads included) and what lies
 * below them, and the paths of the base document. A policy path outside all of these names no
 * policy — the embedded service answers `policy_not_found` for it, as Topaz answers
 * `undefined results` — without evaluating anything.
 */
import type { Module } from '@gatehousejs/rego';

type Term = Module['rules'][number]['ref'][number];

function staticRuleRef(ref: readonly Term[]): string[] {
  const names: string[] = [];
  for (const term of ref) {
    if (term.type === 'var' && names.length === 0) names.push(term.name);
    else if (term.type === 'scalar' && typeof term.value === 'string') names.push(term.value);
    else break;
  }
  return names;
}

/** The documents a set of modules and a base document define. */
export class DocumentPaths {
  /** Packages, rule paths and every namespace above them. */
  readonly #nodes = new Set<string>();
  /** Rule paths: their values (objects, sets, dynamic ref heads) may define paths below them. */
  readonly #rules = new Set<string>();
  readonly #data: unknown;

  constructor(modules: readonly Module[], data: unknown) {
    this.#data = data;
    for (const module of modules) {
      this.#addNode(module.packagePath);
      for (const rule of module.rules) {
        if (rule.kind === 'function') continue;
        const path = [...module.packagePath, ...staticRuleRef(rule.ref)];
        this.#addNode(path);
        this.#rules.add(path.join('.'));
      }
    }
  }

  #addNode(path: readonly string[]): void {
    for (let i = 1; i <= path.length; i++) this.#nodes.add(path.slice(0, i).join('.'));
  }

  /** Whether `path` (dotted, without `data.`) can name a document. */
  has(path: string): boolean {
    if (this.#nodes.has(path)) return true;
    for (const rule of this.#rules) if (path.startsWith(`${rule}.`)) return true;
    let node: unknown = this.#data;
    for (const segment of path.split('.')) {
      if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.hasOwn(node, segment)) {
        return false;
      }
      node = (node as Record<string, unknown>)[segment];
    }
    return true;
  }
}
