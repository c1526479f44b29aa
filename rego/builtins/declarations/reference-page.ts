/**
 * The built-in reference of the documentation (`docs/reference/builtins.md`), written from the
 * declarations: one table per category with each built-in's signature, description and the OPA
 * releases that have it.
 */
import { OPA_VERSIONS } from '../../opa-version.ts';
import type { BuiltinDeclaration } from './declaration.ts';

/** Where the page lives, relative to the repository root. */
export const REFERENCE_PAGE = 'docs/reference/builtins.md';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function signature(d: BuiltinDeclaration): string {
  const args = d.args.map((a) => `${a.name}: ${a.type}`);
  if (d.variadic) args.push(`...${d.variadic.name}: ${d.variadic.type}`);
  const call = d.infix && d.args.length === 2 ? `x ${d.infix} y` : `${d.name}(${args.join(', ')})`;
  return d.result ? `${call} → ${d.result.type}` : call;
}

function releases(d: BuiltinDeclaration): string {
  if (d.releases.length === OPA_VERSIONS.length) return 'all';
  return d.releases.join(', ');
}

function notes(d: BuiltinDeclaration): string {
  return [
    d.deprecated ? '**deprecated**' : '',
    d.relation ? 'relation (answers several values)' : '',
    d.nondeterministic ? 'non-deterministic' : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The Markdown of the page.
 *
 * @example
 * builtinsReferencePage(BUILTIN_DECLARATIONS).startsWith('# Built-in functions'); // true
 */
export function builtinsReferencePage(declarations: readonly BuiltinDeclaration[]): string {
  const categories = [...new Set(declarations.map((d) => d.category))].sort();
  const lines = [
    '# Built-in functions',
    '',
    '<!-- Generated from the declarations in rego/builtins/declarations/ by `npm run docs:builtins`; do not edit. -->',
    '',
    `The built-in functions \`@gatehousejs/rego\` (and so the embedded engine) offers, for the OPA releases it`,
    `follows (${OPA_VERSIONS.join(', ')}; choose one with the \`opaVersion\` option), with OPA's semantics and`,
    "error texts. Types are in OPA's notation: `array[T]` an array of `T`, `array<A, B>` a tuple,",
    '`set[T]`, `object[K: V]`, `any<A, B>` one of `A` or `B`. The *releases* column says which of the',
    "followed releases have the built-in (*all*: every one). Descriptions are OPA's.",
    '',
    `${declarations.length} built-ins in ${categories.length} categories: ${categories.map((c) => `[${c}](#${c.replace(/\./g, '')})`).join(', ')}.`,
  ];
  for (const category of categories) {
    lines.push(
      '',
      `## ${category}`,
      '',
      '| built-in | signature | description | releases |',
      '|---|---|---|---|',
    );
    for (const d of declarations.filter((x) => x.category === category)) {
      const description = [cell(d.description), notes(d)].filter(Boolean).join(' — ');
      lines.push(`| \`${d.name}\` | \`${cell(signature(d))}\` | ${description} | ${releases(d)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
