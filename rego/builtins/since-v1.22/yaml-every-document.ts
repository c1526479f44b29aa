/**
 * The YAML built-ins as OPA v1.22 has them, over go-yaml v3: `yes`, `on`, `y` are strings, an
 * explicit `!!timestamp` is a time, `yaml.marshal` indents sequences inside mappings and never
 * folds long lines, and every document of a multi-document text must be well-formed
 * (`"a: 1\n---\n["` is invalid), though only the first is returned.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { createYamlBuiltins } from '../yaml.ts';

/** The YAML built-ins of OPA v1.22. */
export const everyDocumentYamlBuiltins: readonly BuiltinDefinition[] = createYamlBuiltins(true);
