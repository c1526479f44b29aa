/**
 * @module The program shapes of the widened fuzzer, by family: partial rules queried by key,
 * complete-rule conflicts, compile-time checks, parser edges, number and text extremes, number
 * values OPA keeps as text, texts through quoting and encoding built-ins, YAML,
 * built-in errors, failing definitions, base documents, scoping and inference, selections
 * from empty composites, `and`/`or` chains and member errors in `every` bodies, bodies written
 * out of their evaluation order.
 */
export { baseDocuments } from './base-documents.ts';
export { bodyOrder } from './body-order.ts';
export { builtinErrors, failingDefinitions } from './builtin-errors.ts';
export { compileChecks } from './compile-checks.ts';
export { numberValues } from './number-values.ts';
export { numbersText } from './numbers-text.ts';
export { parserEdges } from './parser-edges.ts';
export { completeConflicts, partialRules } from './partial-rules.ts';
export { scopeChecks } from './scope-checks.ts';
export type { BaseDocument, Shape, ShapeContext, ShapeFamily } from './shape.ts';
export { textValues } from './text-values.ts';
export { typeSelections } from './type-selections.ts';
export { yamlBuiltins } from './yaml-builtins.ts';
