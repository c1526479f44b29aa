/**
 * The comments of a Rego module as OPA's AST JSON lists them: `{Text, Location}` with the text
 * after `#` in base64 (Go's `[]byte`) and the 1-based row and byte column of the `#`.
 */
import { makeObject, type Value } from '../../value/index.ts';
import { base64Text, utf8Bytes } from '../bytes.ts';

/** Every `#` comment outside string literals, in order. */
export function commentsJson(source: string, file: string): Value[] {
  const out: Value[] = [];
  let row = 1;
  let lineStart = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\n') {
      row++;
      lineStart = i + 1;
    } else if (c === '"') {
      for (i++; i < source.length && source[i] !== '"' && source[i] !== '\n'; i++)
        if (source[i] === '\\') i++;
    } else if (c === '`') {
      const end = source.indexOf('`', i + 1);
      const text = source.slice(i, end < 0 ? source.length : end);
      for (const ch of text) if (ch === '\n') row++;
      if (text.includes('\n')) lineStart = i + text.lastIndexOf('\n') + 1;
      i = end < 0 ? source.length : end;
    } else if (c === '#') {
      const end = source.indexOf('\n', i);
      const text = source.slice(i + 1, end < 0 ? source.length : end).replace(/\r$/, '');
      const col = utf8Bytes(source.slice(lineStart, i)).length + 1;
      out.push(
        makeObject([
          ['Text', base64Text(utf8Bytes(text))],
          [
            'Location',
            makeObject([
              ['file', file],
              ['row', row],
              ['col', col],
            ]),
          ],
        ]),
      );
      i = (end < 0 ? source.length : end) - 1;
    }
  }
  return out;
}
