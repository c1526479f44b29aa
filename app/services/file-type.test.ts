import { describe, expect, it } from 'vitest';
import { detectFileType, isInlineImage } from './file-type.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('a file’s type, told by its content', () => {
  it('recognises the accepted images and attachments by their signatures', () => {
    const cases: [Uint8Array, string][] = [
      [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png'],
      [bytes(0xff, 0xd8, 0xff, 0xe0, 0), 'image/jpeg'],
      [text('GIF89a..'), 'image/gif'],
      [text('GIF87a..'), 'image/gif'],
      [text('RIFF\u0001\u0002\u0003\u0004WEBPVP8 '), 'image/webp'],
      [text('%PDF-1.7\n'), 'application/pdf'],
      [bytes(0x50, 0x4b, 0x03, 0x04, 20, 0), 'application/zip'],
      [text('Meeting notes\n\tline two\r\n'), 'text/plain'],
      [text('\uFEFFgrüße, 日本'), 'text/plain'],
    ];
    for (const [content, mediaType] of cases) {
      expect(detectFileType(content), mediaType).toEqual({ ok: true, mediaType });
    }
  });

  it('refuses an empty file, markup (SVG, HTML, XML) and unknown binary data, saying why', () => {
    expect(detectFileType(new Uint8Array())).toEqual({ ok: false, reason: 'the file is empty' });
    for (const markup of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '  <?xml version="1.0"?><svg/>',
      '<!DOCTYPE html><p>x',
      '<html><body onload=alert(1)>',
      'harmless first line\n<svg onload=alert(1)>',
      '\uFEFF<svg/>',
    ]) {
      const verdict = detectFileType(text(markup));
      expect(verdict.ok, markup).toBe(false);
      expect(!verdict.ok && verdict.reason).toMatch(/SVG, HTML and other markup are not accepted/);
    }
    for (const binary of [bytes(0x00, 0x01, 0x02), bytes(0xc3, 0x28), text('MZ\u0000\u0090')]) {
      const verdict = detectFileType(binary);
      expect(verdict.ok).toBe(false);
      expect(!verdict.ok && verdict.reason).toMatch(/no accepted type/);
    }
    // A PNG's signature cut short is no PNG (and not text either).
    expect(detectFileType(bytes(0x89, 0x50, 0x4e)).ok).toBe(false);
  });

  it('shows only images inline', () => {
    expect(isInlineImage('image/png')).toBe(true);
    expect(isInlineImage('application/pdf')).toBe(false);
    expect(isInlineImage('text/plain')).toBe(false);
  });
});
