import { describe, expect, it } from 'vitest';
import { safeFileName, uniqueFileNames } from './safe-file-name.ts';

describe('safeFileName', () => {
  it('replaces spaces and reserved characters and avoids device names', () => {
    expect(safeFileName('Page Title')).toBe('Page_Title');
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeFileName('CON')).toBe('_CON');
    expect(safeFileName('Ends with dots...')).toBe('Ends_with_dots');
    expect(safeFileName('...')).toBe('page');
  });

  it('bounds the length in bytes without splitting characters', () => {
    const name = safeFileName('é'.repeat(300));
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name).toBe('é'.repeat(100));
  });

  it('makes names unique even on case-insensitive file systems', () => {
    expect(uniqueFileNames(['A/B', 'A:B', 'a b', 'A B'])).toEqual(['A_B', 'A_B_2', 'a_b_3', 'A_B_4']);
  });
});
