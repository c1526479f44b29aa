/**
 * Strings quoted as Go's `strconv.Quote` quotes them: how OPA writes a string inside a value's
 * text (`print`, template strings, `sprintf`'s `%v` of composites, error messages).
 */

const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
const SHORT_ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

/**
 * `s` in double quotes, escaped like Go's `strconv.Quote` — or `strconv.QuoteToASCII` when
 * `asciiOnly` (every rune beyond ASCII escaped, as `sprintf`'s `%+q` writes it).
 */
export function goQuote(s: string, asciiOnly = false): string {
  let out = '"';
  for (const ch of s) {
    const short = SHORT_ESCAPES[ch];
    if (short) {
      out += short;
      continue;
    }
    const cp = ch.codePointAt(0) as number;
    if (ch === ' ' || (cp >= 0x20 && cp < 0x7f)) out += ch;
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else if (!asciiOnly && PRINTABLE.test(ch)) out += ch;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}
