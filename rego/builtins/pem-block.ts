/**
 * PEM blocks as Go's `pem.Decode` finds them: the first `-----BEGIN TYPE-----` line whose block
 * has a matching `-----END TYPE-----` line and a valid base64 body (header lines skipped), and the
 * text after it. Input comes from policies, so the search stays linear: only the first
 * {@link MAX_ATTEMPTS} `BEGIN` lines are tried.
 */

/** One decoded block. */
export interface PemBlock {
  readonly type: string;
  readonly der: Uint8Array;
  /** The text after the block's `END` line (and its line break). */
  readonly rest: string;
}

const BEGIN = '-----BEGIN ';
const MAX_ATTEMPTS = 64;

function decodeBody(body: string): Uint8Array | undefined {
  const base64 = body
    .split(/\r?\n/)
    .filter((line) => !line.includes(':'))
    .join('')
    .replace(/[ \t\r]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return undefined;
  const binary = atob(base64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The first PEM block of `text`, or `undefined` when there is none. */
export function pemBlock(text: string): PemBlock | undefined {
  let from = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const begin = text.indexOf(BEGIN, from);
    if (begin < 0) return undefined;
    from = begin + BEGIN.length;
    const lineEnd = text.indexOf('\n', begin);
    if (lineEnd < 0) return undefined;
    const header = text.slice(from, lineEnd).replace(/\r$/, '');
    if (!header.endsWith('-----')) continue;
    const type = header.slice(0, -5);
    const endLine = `-----END ${type}-----`;
    const end = text.indexOf(endLine, lineEnd + 1);
    if (end < 0) continue;
    const der = decodeBody(text.slice(lineEnd + 1, end));
    if (!der) continue;
    let after = end + endLine.length;
    while (text[after] === ' ' || text[after] === '\t') after++;
    if (text[after] === '\r') after++;
    if (text[after] === '\n') after++;
    return { type, der, rest: text.slice(after) };
  }
  return undefined;
}
