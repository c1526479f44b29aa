import { describe, expect, it } from 'vitest';
import { OPA_BUILTIN_NAMES } from '../../compiler/opa-builtins.ts';
import { OPA_VERSIONS } from '../../opa-version.ts';
import { createStandardBuiltins } from '../registry.ts';
import { BUILTIN_DECLARATIONS } from './index.ts';

/** Declared built-ins that are no registry entry: the evaluator or the compiler answers them. */
const NOT_IN_REGISTRY = new Set(['eq', 'assign', 'rego.metadata.rule', 'rego.metadata.chain']);

describe.each(OPA_VERSIONS)('the declarations of OPA %s', (opaVersion) => {
  const registry = createStandardBuiltins({ opaVersion });
  const declared = BUILTIN_DECLARATIONS.filter((d) => d.releases.includes(opaVersion));

  it('name exactly the built-ins the registry offers for that release', () => {
    const names = declared.map((d) => d.name).filter((name) => !NOT_IN_REGISTRY.has(name));
    expect(names.sort()).toEqual([...registry.keys()].sort());
  });

  it('give each the arity the registry calls it with', () => {
    // The registry's arity -1 is a variadic built-in.
    const arity = (d: (typeof declared)[number]) => (d.variadic ? -1 : d.args.length);
    const wrong = declared
      .filter((d) => registry.has(d.name) && registry.get(d.name)?.arity !== arity(d))
      .map((d) => `${d.name}: declared ${d.args.length}, registry ${registry.get(d.name)?.arity}`);
    expect(wrong).toEqual([]);
  });

  it('describe every built-in called by name that is not deprecated, in a category', () => {
    const undescribed = declared
      .filter((d) => !d.deprecated && !d.infix && d.description === '')
      .map((d) => d.name);
    expect(undescribed).toEqual(['print']);
    expect(declared.every((d) => d.category !== '' && d.introduced.startsWith('v'))).toBe(true);
  });
});

describe('the declarations', () => {
  it('are sorted by name, each once', () => {
    const names = BUILTIN_DECLARATIONS.map((d) => d.name);
    expect(names).toEqual([...new Set(names)].sort());
  });

  it("tell the releases apart: uri.parse is v1.22.2's only", () => {
    expect(BUILTIN_DECLARATIONS.find((d) => d.name === 'uri.parse')?.releases).toEqual(['v1.22.2']);
    expect(BUILTIN_DECLARATIONS.find((d) => d.name === 'concat')?.releases).toEqual([...OPA_VERSIONS]);
  });
});

describe("the compiler's list of OPA's built-in names (kept short for bundles)", () => {
  // A call to a listed name the registry lacks is refused as unsupported; the built-ins of later
  // releases are in the registry of their release, and undefined before it, as in OPA.
  it("is the oldest release's declared names, OPA's print internal and Topaz's directory built-ins", () => {
    const listed = [...OPA_BUILTIN_NAMES].filter(
      (name) => !name.startsWith('ds.') && name !== 'internal.print',
    );
    const oldest = BUILTIN_DECLARATIONS.filter((d) => d.releases.includes(OPA_VERSIONS[0]));
    expect(listed.sort()).toEqual(oldest.map((d) => d.name).sort());
  });
});
