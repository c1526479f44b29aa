/**
 * What `rego.metadata.rule()` and `rego.metadata.chain()` answer inside a rule: its rule-scope
 * annotations, and the chain of annotations from the rule up to the root package (rule,
 * document, then for each enclosing package its `package` and `subpackages` annotations).
 * Calls are replaced at compile time by these constants, as OPA does.
 */
import type { Module, Rule } from '../syntax/index.ts';
import type { PlainObject, Value } from '../value/index.ts';

/** The answers of the two built-ins for one rule. */
export interface RuleMetadata {
  readonly rule: Value;
  readonly chain: Value;
}

function scopeOf(a: PlainObject | undefined): unknown {
  return a?.scope;
}

/** Annotations by package path (`package` and `subpackages` scopes) and document path. */
export class MetadataIndex {
  private readonly packages = new Map<string, PlainObject[]>();
  private readonly documents = new Map<string, PlainObject>();

  constructor(modules: readonly Module[], rulePath: (r: Rule) => readonly string[]) {
    for (const m of modules) {
      if (m.annotations) {
        const key = m.packagePath.join('.');
        this.packages.set(key, [...(this.packages.get(key) ?? []), m.annotations]);
      }
      for (const r of m.rules) {
        if (scopeOf(r.annotations) !== 'document') continue;
        const key = [...m.packagePath, ...rulePath(r)].join('.');
        if (!this.documents.has(key)) this.documents.set(key, r.annotations as PlainObject);
      }
    }
  }

  /** The metadata of rule `r` of package `pkg` at `path` (package included). */
  of(r: Rule, pkg: readonly string[], path: readonly string[]): RuleMetadata {
    const own = scopeOf(r.annotations) === 'rule' ? (r.annotations as PlainObject) : undefined;
    const chain: Value[] = [own ? { path, annotations: own } : { path }];
    const doc = this.documents.get(path.join('.'));
    if (doc) chain.push({ path, annotations: doc });
    for (let i = pkg.length; i > 0; i--) {
      const prefix = pkg.slice(0, i);
      const all = this.packages.get(prefix.join('.')) ?? [];
      for (const scope of ['package', 'subpackages']) {
        // a package's own annotations apply to it only; subpackages ones to it and below
        if (scope === 'package' && i !== pkg.length) continue;
        for (const a of all) if (scopeOf(a) === scope) chain.push({ path: prefix, annotations: a });
      }
    }
    return { rule: own ?? {}, chain };
  }
}
