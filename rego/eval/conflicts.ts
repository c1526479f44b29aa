/**
 * The wording of conflict errors (a complete rule or a function producing two values), which
 * OPA changed after v1.15.2: "complete rules must not produce multiple outputs" became "rule
 * data.x produced conflicting values", naming the rule's document.
 */
import type { SourceLocation } from '../errors.ts';
import { type OpaVersion, opaAtLeast } from '../opa-version.ts';
import { equal, type Value } from '../value/index.ts';
import { formatValue } from './format.ts';

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

/** How many values a conflict error lists (OPA v1.22's limit). */
export const MAX_CONFLICTS = 10;
const MAX_VALUE_TEXT = 80;

/**
 * The values a complete rule or function produced, collected once a conflict is known (OPA
 * v1.22 evaluates the definitions again to list them): the first value and each one differing
 * from it, one per body, with where the body's value is written.
 */
export class ConflictValues {
  readonly values: { readonly value: Value; readonly loc: SourceLocation }[] = [];
  /** More values conflicted than {@link MAX_CONFLICTS}: the collection stopped. */
  more = false;

  /** Records `value`; true when the body producing it can stop (it conflicts, or the limit is hit). */
  add(value: Value, loc: SourceLocation): boolean {
    const first = this.values[0];
    if (first && equal(first.value, value)) return false;
    if (this.values.length === MAX_CONFLICTS) {
      this.more = true;
      return true;
    }
    this.values.push({ value, loc });
    return this.values.length > 1;
  }

  /** `message` followed by the values in source order, as OPA lists them. */
  listing(message: string): string {
    const sorted = [...this.values].sort(
      (a, b) => compareText(a.loc.file, b.loc.file) || a.loc.line - b.loc.line || a.loc.column - b.loc.column,
    );
    const lines = sorted.map((v) => `\n  ${valueText(v.value)} at ${v.loc.file}:${v.loc.line}`);
    return `${message}:${lines.join('')}${this.more ? '\n  ...' : ''}`;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A value's Rego text on one line, cut after 80 characters. */
function valueText(v: Value): string {
  const text = formatValue(v).split(/\s+/).filter(Boolean).join(' ');
  const chars = [...text];
  return chars.length > MAX_VALUE_TEXT ? `${chars.slice(0, MAX_VALUE_TEXT).join('')}...` : text;
}
