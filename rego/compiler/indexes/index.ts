/**
 * @module rego/compiler/indexes
 * The rule index stage, OPA's last compiler stage: which rules an evaluation runs, in which
 * order, and whether the first success decides.
 */
export { buildIndexes, RuleIndexes } from './indexes-stage.ts';
export type { IndexEntry, IndexLookup, RuleIndex } from './rule-index.ts';
