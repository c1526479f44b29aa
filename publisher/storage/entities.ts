/**
 * Character references: numeric ones and the named HTML entities that appear in Confluence storage
 * format and in hand-written HTML (`&nbsp;`, `&mdash;`, …). Unknown names are left as written.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201A',
  ldquo: '\u201C',
  rdquo: '\u201D',
  bdquo: '\u201E',
  laquo: '\u00AB',
  raquo: '\u00BB',
  bull: '\u2022',
  middot: '\u00B7',
  copy: '\u00A9',
  reg: '\u00AE',
  trade: '\u2122',
  deg: '\u00B0',
  plusmn: '\u00B1',
  times: '\u00D7',
  divide: '\u00F7',
  euro: '\u20AC',
  pound: '\u00A3',
  yen: '\u00A5',
  cent: '\u00A2',
  sect: '\u00A7',
  para: '\u00B6',
  larr: '\u2190',
  rarr: '\u2192',
  uarr: '\u2191',
  darr: '\u2193',
  harr: '\u2194',
  rArr: '\u21D2',
  lArr: '\u21D0',
  hArr: '\u21D4',
  le: '\u2264',
  ge: '\u2265',
  ne: '\u2260',
  zwsp: '\u200B',
  zwj: '\u200D',
  zwnj: '\u200C',
  shy: '\u00AD',
  iexcl: '\u00A1',
  iquest: '\u00BF',
  auml: '\u00E4',
  ouml: '\u00F6',
  uuml: '\u00FC',
  Auml: '\u00C4',
  Ouml: '\u00D6',
  Uuml: '\u00DC',
  szlig: '\u00DF',
  eacute: '\u00E9',
  egrave: '\u00E8',
  aacute: '\u00E1',
  agrave: '\u00E0',
  ccedil: '\u00E7',
  check: '\u2713',
};

function fromCodePoint(code: number, original: string): string {
  if (!Number.isFinite(code) || code < 0 || code > 0x10ffff) return original;
  return String.fromCodePoint(code);
}

/**
 * Decodes character references in text or attribute values.
 *
 * @example
 * decodeEntities('a&nbsp;&amp;&#x41;'); // 'a\u00A0&A'
 */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g, (original, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X'))
      return fromCodePoint(Number.parseInt(ref.slice(2), 16), original);
    if (ref.startsWith('#')) return fromCodePoint(Number.parseInt(ref.slice(1), 10), original);
    return NAMED[ref] ?? original;
  });
}
