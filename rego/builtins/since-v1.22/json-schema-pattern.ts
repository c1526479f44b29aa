/**
 * `json.verify_schema` and `json.match_schema` as OPA v1.22 has them: `pattern` is applied (Go's
 * regular expressions; `Does not match pattern '^y'`), and a pattern that is not a valid regular
 * expression makes the schema invalid (`pattern must be a valid regex`). OPA v1.15's fork of
 * gojsonschema only checked its type.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { createJsonSchemaBuiltins } from '../json-schema/index.ts';

/** The JSON-schema built-ins of OPA v1.22. */
export const patternJsonSchemaBuiltins: readonly BuiltinDefinition[] = createJsonSchemaBuiltins({
  applyPattern: true,
});
