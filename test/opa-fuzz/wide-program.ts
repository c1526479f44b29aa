/**
 * The widened generator: programs mixing the classic rule shapes with the shape families of
 * `shapes/` (partial rules queried by key, compile-time checks, parser edges, number and text
 * extremes, YAML, built-in errors, failing definitions, base documents, type selections, bodies
 * out of their evaluation order), in Rego v0 or v1 modules, evaluated with or without strict
 * built-in errors.
 */
import { type OpaVersion, opaAtLeast } from '../../rego/opa-version.ts';
import type { RandomSource } from './random-source.ts';
import { classicRule, type FuzzProgram, generateInput } from './rego-program.ts';
import {
  type BaseDocument,
  baseDocuments,
  bodyOrder,
  builtinErrors,
  compileChecks,
  completeConflicts,
  failingDefinitions,
  numbersText,
  numberValues,
  parserEdges,
  partialRules,
  type ShapeFamily,
  scopeChecks,
  textValues,
  typeSelections,
  yamlBuiltins,
} from './shapes/index.ts';

/**
 * The shape families and their weights. Families whose programs OPA may refuse as a whole at
 * compile time (parser edges, compile checks, constant built-in arguments) make a program of
 * their own, so that a module-wide error never hides what the other rules would answer.
 */
const FAMILIES: readonly { family: ShapeFamily; weight: number; alone: boolean }[] = [
  { family: partialRules, weight: 5, alone: false },
  { family: completeConflicts, weight: 2, alone: false },
  { family: compileChecks, weight: 4, alone: true },
  { family: parserEdges, weight: 2, alone: true },
  { family: numbersText, weight: 3, alone: false },
  { family: numberValues, weight: 3, alone: true },
  { family: textValues, weight: 2, alone: true },
  { family: yamlBuiltins, weight: 2, alone: false },
  { family: builtinErrors, weight: 3, alone: true },
  { family: failingDefinitions, weight: 2, alone: false },
  { family: baseDocuments, weight: 3, alone: false },
  { family: scopeChecks, weight: 3, alone: true },
  { family: typeSelections, weight: 3, alone: true },
  { family: bodyOrder, weight: 3, alone: false },
];

/** The names of the shape families (`partialRules`, `yamlBuiltins`, …). */
export const SHAPE_FAMILIES: readonly string[] = FAMILIES.map((f) => f.family.name);

function pickFamily(
  random: RandomSource,
  allowAlone: boolean,
  only: readonly string[] | undefined,
): (typeof FAMILIES)[number] | undefined {
  const eligible = FAMILIES.filter(
    (f) => (allowAlone || !f.alone) && (!only || only.includes(f.family.name)),
  );
  let n = random.below(eligible.reduce((sum, f) => sum + f.weight, 0));
  for (const f of eligible) {
    if (n < f.weight) return f;
    n -= f.weight;
  }
  return eligible[0];
}

/**
 * Generates program `id` of the widened set: package `fuzz.p<id>`, one to four rules, a v0
 * module one time in four (importing `future.keywords`), non-strict built-in errors one time in
 * four, a byte-order mark before `package` now and then. `only` restricts the shape families.
 * @example generateWideProgram(createRandomSource(1), 0, 'v1.22.2').rules; // ['r0', 'o_r0.a', …]
 */
export function generateWideProgram(
  random: RandomSource,
  id: number,
  opaVersion: OpaVersion,
  only?: readonly string[],
): FuzzProgram {
  const pkg = `fuzz.p${id}`;
  const v0 = random.chance(0.25);
  const strict = !random.chance(0.25);
  const logic = opaAtLeast(opaVersion, 'v1.22.2') && random.chance(0.3);
  const lines = [`${random.chance(0.02) ? '\uFEFF' : ''}package ${pkg}`, ''];
  if (v0) lines.push('import future.keywords');
  if (logic)
    lines.push('import future.keywords.and', 'import future.keywords.not', 'import future.keywords.or');
  lines.push('');
  const queries: string[] = [];
  const families: string[] = [];
  const documents: BaseDocument[] = [];
  let count = 1 + random.below(4);
  for (let i = 0; i < count; i++) {
    const name = `r${i}`;
    // Only families that stand alone chosen (`--families compileChecks`): later rules are classic.
    const picked = random.chance(0.3) ? undefined : pickFamily(random, i === 0, only);
    if (!picked) {
      lines.push(...classicRule(random, name, pkg, logic), '');
      queries.push(name);
      families.push('classic');
      continue;
    }
    const { family, alone } = picked;
    const shape = family({ random, name, pkg, v0, opaVersion, logic });
    lines.push(...shape.lines, '');
    queries.push(...shape.queries);
    families.push(...shape.queries.map(() => family.name));
    documents.push(...(shape.documents ?? []));
    if (alone) count = 1;
  }
  if (random.chance(0.05)) {
    queries.push('');
    families.push('package');
  }
  return {
    packagePath: pkg,
    source: lines.join('\n'),
    rules: queries,
    families,
    input: generateInput(random),
    regoVersion: v0 ? 'v0' : 'v1',
    strict,
    documents,
  };
}
