import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { cdata, escapeAttribute, escapeText } from './xml-escape.ts';

describe('xml escaping', () => {
  it('escapes text and attributes so a parser reads back the original', () => {
    const value = 'a < b & c > "d" \'e\'\tf\ng';
    const parser = new XMLParser({
      ignoreAttributes: false,
      trimValues: false,
      processEntities: true,
      htmlEntities: true,
    });
    const parsed = parser.parse(`<x v="${escapeAttribute(value)}">${escapeText(value)}</x>`) as {
      x: { '#text': string; '@_v': string };
    };
    expect(parsed.x['#text']).toBe(value);
    expect(parsed.x['@_v']).toBe(value);
  });

  it('splits ]]> across CDATA sections', () => {
    expect(cdata('a]]>b]]>')).toBe('<![CDATA[a]]]]><![CDATA[>b]]]]><![CDATA[>]]>');
  });

  it('replaces characters XML 1.0 forbids but keeps valid surrogate pairs', () => {
    expect(escapeText('\u0000\u0008\u000B\uFFFE ok \u{1F600}')).toBe('\uFFFD\uFFFD\uFFFD\uFFFD ok \u{1F600}');
  });
});
