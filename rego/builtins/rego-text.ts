/**
 * Values as OPA prints them (`Value.String()`): Rego syntax with Go-quoted strings, used by
 * `sprintf` for non-scalar arguments and by `print`.
 */
import { goQuote, isObject, numberText, objectEntries, SetValue, type Value } from '../value/index.ts';

export { goQuote, numberText };

/** A value in Rego syntax, as OPA's `Value.String()` renders it. */
export function regoText(v: Value): string {
  switch (typeof v) {
    case 'string':
      return goQuote(v);
    case 'number':
    case 'bigint':
      return numberText(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      if (v === null) return 'null';
      if (Array.isArray(v)) return `[${v.map(regoText).join(', ')}]`;
      if (v instanceof SetValue) return v.size === 0 ? 'set()' : `{${v.sorted().map(regoText).join(', ')}}`;
      if (isObject(v)) {
        return `{${objectEntries(v)
          .map(([k, x]) => `${regoText(k)}: ${regoText(x)}`)
          .join(', ')}}`;
      }
      return String(v);
  }
}
