/**
 * Escaping for Confluence storage format (XML): text, attribute values and CDATA sections.
 * Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) become
 * U+FFFD, so that every page is well-formed whatever the Markdown contained.
 */

const NOT_XML_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces characters that XML 1.0 cannot represent with U+FFFD. */
export function toXmlChars(value: string): string {
  return value.replace(NOT_XML_CHAR, '\uFFFD');
}

const TEXT_SPECIAL = /[&<>]/;
const TEXT_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Escapes character data (element content). */
export function escapeText(value: string): string {
  const chars = toXmlChars(value);
  // Most text has nothing to escape: one test instead of three replacements.
  return TEXT_SPECIAL.test(chars) ? chars.replace(/[&<>]/g, (ch) => TEXT_ENTITIES[ch] ?? ch) : chars;
}

/** Escapes an attribute value for use between double quotes; tabs and newlines survive as references. */
export function escapeAttribute(value: string): string {
  return toXmlChars(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/**
 * Wraps text in a CDATA section. A `]]>` inside the text would end the section early, so it is split
 * across two sections (`]]` ends the first, `>` starts the second), which XML parsers join back.
 *
 * @example
 * cdata('a]]>b'); // '<![CDATA[a]]]]><![CDATA[>b]]>'
 */
export function cdata(value: string): string {
  return `<![CDATA[${toXmlChars(value).replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`;
}
