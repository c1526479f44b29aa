/**
 * `yaml.unmarshal` and `yaml.is_valid` as OPA v1.22 has them: every document of a multi-document
 * text must be well-formed (`"a: 1\n---\n["` is invalid), though only the first is returned.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { createYamlReaders } from '../yaml.ts';

/** The YAML readers of OPA v1.22. */
export const everyDocumentYamlBuiltins: readonly BuiltinDefinition[] = createYamlReaders(true);
