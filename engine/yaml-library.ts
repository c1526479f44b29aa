/**
 * The YAML library, as the manifest reader and writer import it. The published package has the
 * library's Web build bundled in its place (`bundle-libraries.mjs`, run by `npm run build`): the
 * library's Node build reads two debugging variables from the environment on every parse, which
 * Deno refuses without `--allow-env`; its Web build reads nothing.
 */
export type { Node, Pair, Scalar } from 'yaml';
export { isMap, isScalar, LineCounter, parseDocument, stringify } from 'yaml';
