/**
 * Writes the built-ins' declarations, one file per OPA category, from the metadata OPA publishes
 * in its Go module (`builtin_metadata.json` and `capabilities.json`, Apache License 2.0) for the
 * releases this package follows — the module is in Go's module cache once the OPA peer is
 * installed (`test/peers/opa.sh`). Run it after adding an OPA release:
 *
 *     npx tsx rego/builtins/declarations/generate-declarations.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OPA_VERSIONS } from '../../opa-version.ts';
import type { BuiltinDeclaration, BuiltinOperand } from './declaration.ts';

interface MetadataOperand {
  readonly name?: string;
  readonly type?: string;
}

interface Metadata {
  readonly args?: readonly MetadataOperand[];
  readonly result?: MetadataOperand;
  readonly description?: string;
  readonly introduced?: string;
}

/** A type as `capabilities.json` writes it. */
interface DeclType {
  readonly type: string;
  readonly of?: DeclType | readonly DeclType[];
  readonly static?: readonly (DeclType | { key: unknown; value: DeclType })[];
  readonly dynamic?: DeclType | { key: DeclType; value: DeclType };
}

interface Capability {
  readonly name: string;
  readonly decl?: {
    readonly args?: readonly DeclType[];
    readonly result?: DeclType;
    readonly variadic?: DeclType;
  };
  readonly infix?: string;
  readonly relation?: boolean;
  readonly nondeterministic?: boolean;
  readonly deprecated?: boolean;
}

const here = path.dirname(new URL(import.meta.url).pathname);
const moduleCache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();
const opaFile = (version: string, file: string) =>
  JSON.parse(
    readFileSync(path.join(moduleCache, `github.com/open-policy-agent/opa@${version}`, file), 'utf8'),
  );

const newest = OPA_VERSIONS[OPA_VERSIONS.length - 1] as string;
const metadata = opaFile(newest, 'builtin_metadata.json') as Record<string, Metadata> & {
  _categories: Record<string, string[]>;
};
const categoryOf = new Map<string, string>();
for (const [category, names] of Object.entries(metadata._categories)) {
  for (const name of names) if (!categoryOf.has(name)) categoryOf.set(name, category);
}
const capabilities = new Map(
  OPA_VERSIONS.map((v) => [
    v,
    new Map((opaFile(v, 'capabilities.json').builtins as Capability[]).map((b) => [b.name, b])),
  ]),
);

/** A type of `capabilities.json` in the notation of OPA's metadata and documentation. */
function typeText(t: DeclType | undefined): string {
  if (!t) return 'any';
  switch (t.type) {
    case 'array':
      if (t.static) return `array<${t.static.map((s) => typeText(s as DeclType)).join(', ')}>`;
      return `array[${typeText(t.dynamic as DeclType)}]`;
    case 'set':
      return `set[${typeText(t.of as DeclType)}]`;
    case 'object': {
      const dynamic = t.dynamic as { key: DeclType; value: DeclType } | undefined;
      return dynamic ? `object[${typeText(dynamic.key)}: ${typeText(dynamic.value)}]` : 'object';
    }
    case 'any':
      return Array.isArray(t.of) ? `any<${t.of.map(typeText).join(', ')}>` : 'any';
    default:
      return t.type;
  }
}

const operand = (
  o: MetadataOperand | undefined,
  declared: DeclType | undefined,
  fallback: string,
): BuiltinOperand => ({
  name: o?.name ?? fallback,
  type: o?.type ?? typeText(declared),
});

const declarations: BuiltinDeclaration[] = [];
const names = [...new Set(OPA_VERSIONS.flatMap((v) => [...(capabilities.get(v)?.keys() ?? [])]))].sort();
for (const name of names) {
  // OPA's internals are left out, except the two forms of the membership operator (`x in xs`,
  // `k, v in xs`), which policies call by that keyword.
  const membership = /^internal\.member_[23]$/.test(name);
  if (name.startsWith('internal.') && !membership) continue;
  const releases = OPA_VERSIONS.filter((v) => capabilities.get(v)?.has(name));
  const capability = capabilities
    .get(releases[releases.length - 1] as (typeof OPA_VERSIONS)[number])
    ?.get(name);
  const meta = metadata[name] ?? {};
  declarations.push({
    name,
    category: categoryOf.get(name) ?? (capability?.deprecated ? 'deprecated' : 'language'),
    args: (capability?.decl?.args ?? []).map((a, i) => operand(meta.args?.[i], a, `x${i + 1}`)),
    ...(capability?.decl?.variadic
      ? { variadic: { name: 'values', type: typeText(capability.decl.variadic) } }
      : {}),
    ...(capability?.decl?.result ? { result: operand(meta.result, capability.decl.result, 'output') } : {}),
    description: (meta.description ?? '').replace(/\s+/g, ' ').trim(),
    introduced: meta.introduced ?? releases[0] ?? '',
    releases,
    ...(capability?.infix || membership ? { infix: capability?.infix ?? 'in' } : {}),
    ...(capability?.relation ? { relation: true as const } : {}),
    ...(capability?.nondeterministic ? { nondeterministic: true as const } : {}),
    ...(capability?.deprecated ? { deprecated: true as const } : {}),
  });
}

const identifier = (category: string) =>
  `${category.replace(/[^a-z0-9]+(.)/g, (_, c: string) => c.toUpperCase())}Declarations`;
const byCategory = new Map<string, BuiltinDeclaration[]>();
for (const d of declarations) byCategory.set(d.category, [...(byCategory.get(d.category) ?? []), d]);
const categories = [...byCategory.keys()].sort();
const header = (what: string) =>
  `/**\n * ${what}\n * Generated by \`generate-declarations.ts\` from OPA's built-in metadata (Apache License 2.0); do\n * not edit.\n */\n`;
for (const category of categories) {
  const file = `${category.replace(/\./g, '-')}.ts`;
  // One line per declaration: the formatter then breaks only what does not fit.
  const body = `[\n${(byCategory.get(category) ?? []).map((d) => `  ${JSON.stringify(d)}`).join(',\n')}\n]`;
  writeFileSync(
    path.join(here, file),
    `${header(`The declarations of OPA's \`${category}\` built-ins.`)}import type { BuiltinDeclaration } from './declaration.ts';\n\n/** The \`${category}\` built-ins. */\nexport const ${identifier(category)}: readonly BuiltinDeclaration[] = ${body};\n`,
  );
}
writeFileSync(
  path.join(here, 'all.ts'),
  `${header('Every declaration, by category.')}import type { BuiltinDeclaration } from './declaration.ts';\n${categories
    .map((c) => `import { ${identifier(c)} } from './${c.replace(/\./g, '-')}.ts';`)
    .join(
      '\n',
    )}\n\n/** The declarations of every built-in of the OPA releases this package follows, by name. */\nexport const BUILTIN_DECLARATIONS: readonly BuiltinDeclaration[] = [\n${categories
    .map((c) => `  ...${identifier(c)},`)
    .join('\n')}\n].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));\n`,
);
console.log(`${declarations.length} declarations in ${categories.length} categories`);
