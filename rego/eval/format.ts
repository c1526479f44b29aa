/**
 * Rego text of a value, as `print` and error messages show it (`{"a": [1, {2}]}`, `set()`), strings
 * quoted as Go quotes them (`"a\x00b"`).
 */
import { goQuote, isObject, objectEntries, SetValue, type Value } from '../value/index.ts';

/** Formats `v` as Rego; with `bareString`, a top-level string is written without quotes. */
export function formatValue(v: Value, bareString = false): string {
  switch (typeof v) {
    case 'string':
      return bareString ? v : goQuote(v);
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(v);
    default:
      if (v === null) return 'null';
      if (Array.isArray(v)) return `[${v.map((x) => formatValue(x)).join(', ')}]`;
      if (v instanceof SetValue)
        return v.size === 0
          ? 'set()'
          : `{${v
              .sorted()
              .map((x) => formatValue(x))
              .join(', ')}}`;
      if (isObject(v)) {
        return `{${objectEntries(v)
          .map(([k, x]) => `${formatValue(k)}: ${formatValue(x)}`)
          .join(', ')}}`;
      }
      return String(v);
  }
}
