/**
 * One generation of loaded policies: the compiled policy set the service evaluates, the module
 * catalog Topaz's `ListPolicies` reports, and the document paths `policy_not_found` is decided
 * from. Built whole or not at all, so that a reload can swap generations atomically.
 */

import {
  type BuiltinRegistry,
  compilePolicies,
  type Module,
  type OpaVersion,
  type PolicySet,
  parseModule,
  type RegoVersion,
} from '@gatehousejs/rego';
import { DocumentPaths } from './document-paths.ts';
import type { PolicyModule } from './engine-capabilities.ts';
import type { PolicySource } from './policy-source.ts';

/** What policies are compiled with. */
export interface PolicyLoadSettings {
  readonly builtins: BuiltinRegistry;
  /**
   * Loads into `builtins` what Rego about to be compiled (modules or a query, as text) may call,
   * when built-in families load on demand; absent when every built-in is loaded.
   */
  readonly prepareBuiltins?: (sources: readonly string[]) => Promise<void>;
  /** The base document (JSON). */
  readonly data: unknown;
  /** Syntax of modules that do not import `rego.v1`. */
  readonly version: RegoVersion;
  /** The OPA release whose language and built-ins the policies get (default `v1.15.2`). */
  readonly opaVersion?: OpaVersion;
  readonly limits: { readonly maxSteps: number; readonly maxMillis: number };
}

/** A compiled generation of policies. */
export interface LoadedPolicies {
  readonly set: PolicySet;
  /** Package names (dotted, without `data.`), sorted. */
  readonly packages: readonly string[];
  /** The modules, in the catalog shape of the Topaz-compatible server. */
  readonly modules: readonly PolicyModule[];
  /** The paths the policies and the base document define. */
  readonly documents: DocumentPaths;
}

function ruleNames(module: Module): string[] {
  return [...new Set(module.rules.map((rule) => rule.name))];
}

/**
 * Parses and compiles `sources`.
 *
 * @throws {RegoError} naming file, line and column when a policy cannot be evaluated
 */
export function compileLoadedPolicies(
  sources: readonly PolicySource[],
  settings: PolicyLoadSettings,
): LoadedPolicies {
  const parsed = sources.map((s) =>
    parseModule(s.source, s.file, { version: settings.version, opaVersion: settings.opaVersion }),
  );
  const set = compilePolicies(
    sources.map((s, i) => ({ file: s.file, source: s.source, parsed: parsed[i] })),
    {
      builtins: settings.builtins,
      data: settings.data,
      version: settings.version,
      opaVersion: settings.opaVersion,
      limits: settings.limits,
    },
  );
  return {
    set,
    packages: set.packages,
    modules: sources.map((s, i) => {
      const module = parsed[i] as Module;
      return {
        id: s.id,
        packagePath: module.packagePath.join('.'),
        ruleNames: ruleNames(module),
        raw: s.source,
      };
    }),
    documents: new DocumentPaths(parsed, settings.data),
  };
}
