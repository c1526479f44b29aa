/**
 * The wording of conflict errors (a complete rule or a function producing two values), which
 * OPA changed after v1.15.2: "complete rules must not produce multiple outputs" became "rule
 * data.x produced conflicting values", naming the rule's document.
 */
import { type OpaVersion, opaAtLeast } from '../opa-version.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A `data` path written as OPA prints references: `data.a.b`, `data.a["b-c"]`. */
export function refText(path: readonly string[]): string {
  return ['data', ...path.map((k) => (NAME.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`))].join('');
}

/**
 * The message of a conflict at the complete rule or function whose document is at `path`.
 * @example conflictMessage('complete', ['x', 'p'], 'v1.22.2'); // "rule data.x.p produced conflicting values"
 */
export function conflictMessage(
  kind: 'complete' | 'function',
  path: readonly string[],
  opaVersion: OpaVersion,
): string {
  if (!opaAtLeast(opaVersion, 'v1.22.2')) {
    return kind === 'complete'
      ? 'complete rules must not produce multiple outputs'
      : 'functions must not produce multiple outputs for same inputs';
  }
  return kind === 'complete'
    ? `rule ${refText(path)} produced conflicting values`
    : `function ${refText(path)} produced conflicting values for the same inputs`;
}
