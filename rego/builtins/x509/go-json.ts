/**
 * Go's JSON encoding of the parts of X.509 structs: `[]byte` as base64, structs as objects.
 */
import type { Value } from '../../value/index.ts';
import { base64Text } from '../bytes.ts';

/** Base64 of bytes, as Go's JSON encodes `[]byte`. */
export function base64(bytes: ArrayBuffer | Uint8Array): string {
  return base64Text(new Uint8Array(bytes));
}

/** JSON fields of a Go struct. */
export type Fields = { [key: string]: Value };
