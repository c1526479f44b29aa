/**
 * The YAML library, as policies' metadata and the YAML built-ins import it. The published package
 * has the library's Web build bundled in its place (`bundle-libraries.mjs`, run by `npm run build`):
 * the library's Node build reads two debugging variables from the environment on every parse, which
 * Deno refuses without `--allow-env`; its Web build reads nothing.
 */
export type { Document, Node } from 'yaml';
export {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Pair,
  parse,
  parseAllDocuments,
  Scalar,
  stringify,
  YAMLMap,
} from 'yaml';
