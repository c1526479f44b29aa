/**
 * The key order of canonical serializations: an object's own enumerable string keys, sorted.
 */

/**
 * `Object.keys(value)` sorted by UTF-16 code units, as `Array.prototype.sort` sorts strings
 * (insertion sort for the usual few keys, the built-in sort past 16).
 *
 * @example
 * sortedKeys({ b: 1, a: 2 }); // ['a', 'b']
 */
export function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}
