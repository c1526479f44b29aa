/**
 * @module engine/directory-builtins
 * Topaz's `ds.*` Rego built-ins (`ds.check`, `ds.object`, `ds.relation`, …) over a relation store
 * of `@gatehousejs/directory`, and the JSON of directory objects as the built-ins return it.
 */
export { objectJson } from './builtin-results.ts';
export { createDirectoryBuiltins } from './directory-builtins.ts';
