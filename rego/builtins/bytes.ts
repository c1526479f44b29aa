/**
 * Bytes and their text forms with Web-standard APIs only (no `Buffer`), as the built-ins need
 * them: UTF-8, base64 (standard and URL-safe), hex, and a constant-time comparison.
 */

const encoder = new TextEncoder();
/** Keeps a leading U+FEFF as text; every sequence given to it is valid UTF-8 (see `utf8.ts`). */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The UTF-8 bytes of `s` (a lone surrogate becomes U+FFFD, as Go's and Node's encoders do). */
export function utf8Bytes(s: string): Uint8Array {
  return encoder.encode(s);
}

/** The text of valid UTF-8 `bytes`. */
export function utf8Text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Standard base64 of `bytes`, padded; URL-safe and unpadded when `url`. */
export function base64Text(bytes: Uint8Array, url = false): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const text = btoa(binary);
  return url ? text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : text;
}

/** Lower-case hex of `bytes`. */
export function hexText(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The bytes of `hex`, an even number of hex digits (validated by the caller). */
export function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Whether `a` and `b` hold the same bytes, in time that depends on their length only. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}
