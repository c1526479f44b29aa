/**
 * @module @gatehousejs/rego/yaml
 * The YAML library, as policies' metadata and the YAML built-ins import it, and as packages built
 * on Rego import it to read YAML of their own (the engine's directory manifests), so that an
 * application carries it once. The published package has the library's Web build bundled in its
 * place (`bundle-libraries.mjs`, run by `npm run build`): the library's Node build reads two
 * debugging variables from the environment on every parse, which Deno refuses without
 * `--allow-env`; its Web build reads nothing. Its types are the library's own: code that uses
 * this entry type-checks with `yaml` installed as a development dependency.
 */
export type { Document, Node } from 'yaml';
export {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  Pair,
  parse,
  parseAllDocuments,
  parseDocument,
  Scalar,
  stringify,
  YAMLMap,
} from 'yaml';
