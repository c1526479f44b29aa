/**
 * Go's JSON encoding of the parts of X.509 structs: `[]byte` as base64, structs as objects.
 */
import type { Value } from '../value.ts';

/** Base64 of bytes, as Go's JSON encodes `[]byte`. */
export function base64(bytes: ArrayBuffer | Uint8Array): string {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s);
}

/** JSON fields of a Go struct. */
export type Fields = { [key: string]: Value };
