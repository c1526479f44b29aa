import { utf8Text } from './bytes.ts';

/**
 * Bytes to strings as Go sees them: every byte that is not part of a valid UTF-8 sequence
 * becomes one U+FFFD (so `count` of a decoded value equals Go's rune count). Go keeps the raw
 * bytes; this engine's strings cannot, so invalid sequences do not round-trip.
 */

function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i] as number;
  const at = (k: number) => bytes[i + k] ?? -1;
  const cont = (k: number) => at(k) >= 0x80 && at(k) <= 0xbf;
  if (b < 0x80) return 1;
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const lo = b === 0xe0 ? 0xa0 : 0x80;
    const hi = b === 0xed ? 0x9f : 0xbf;
    return at(1) >= lo && at(1) <= hi && cont(2) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const lo = b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xf4 ? 0x8f : 0xbf;
    return at(1) >= lo && at(1) <= hi && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** Decodes UTF-8, replacing each invalid byte with U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  let out = '';
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += `${utf8Text(bytes.subarray(start, i))}\ufffd`;
    i++;
    start = i;
  }
  return out + utf8Text(bytes.subarray(start));
}
