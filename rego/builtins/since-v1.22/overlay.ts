/**
 * The built-ins OPA v1.22 adds or changes, relative to v1.15: the registry lays them over the
 * v1.15 definitions (same name wins) when the engine follows v1.22.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { extendedDurationBuiltins } from './duration-days.ts';
import { exactIntegerBuiltins } from './exact-integers.ts';
import { rangeCheckedJsonBuiltins } from './json-number-range.ts';
import { patternJsonSchemaBuiltins } from './json-schema-pattern.ts';
import { allPathsBuiltins } from './reachable-paths.ts';
import { strictSemverBuiltins } from './semver-strict.ts';
import { splitNBuiltins } from './split-n.ts';
import { int64SprintfBuiltins } from './sprintf-int64.ts';
import { exponentLimitedUnitBuiltins } from './units-exponent.ts';
import { uriBuiltins } from './uri.ts';
import { everyDocumentYamlBuiltins } from './yaml-every-document.ts';

/**
 * OPA v1.22's new and changed built-ins outside the families loaded on demand (its changed
 * `io.jwt.*` verification comes with the JWT family).
 */
export const residentBuiltinsSinceV1_22: readonly BuiltinDefinition[] = [
  // New built-ins.
  ...splitNBuiltins,
  ...uriBuiltins,
  // Changed behaviour.
  ...strictSemverBuiltins,
  ...int64SprintfBuiltins,
  ...allPathsBuiltins,
  ...everyDocumentYamlBuiltins,
  ...exponentLimitedUnitBuiltins,
  ...extendedDurationBuiltins,
  ...rangeCheckedJsonBuiltins,
  ...exactIntegerBuiltins,
  ...patternJsonSchemaBuiltins,
];
