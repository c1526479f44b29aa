import { describe, expect, it } from 'vitest';
import { pemBlock } from './pem-block.ts';

describe('pemBlock', () => {
  it('finds the first block after other text, skipping header lines, and returns the rest', () => {
    const block = pemBlock('junk\n-----BEGIN X-----\nProc-Type: 4\n\nAAEC\n-----END X-----\ntail');
    expect(block && { type: block.type, der: [...block.der], rest: block.rest }).toEqual({
      type: 'X',
      der: [0, 1, 2],
      rest: 'tail',
    });
  });

  it('skips blocks without a matching end or with a bad body', () => {
    const text = '-----BEGIN A-----\n!!!!\n-----END A-----\n-----BEGIN B-----\nAA==\n-----END C-----\n';
    expect(pemBlock(text)).toBeUndefined();
    expect(pemBlock(`${text}-----BEGIN D-----\nAA==\n-----END D-----`)?.type).toBe('D');
  });

  it('gives up on text with endless BEGIN lines instead of searching it again and again', () => {
    expect(pemBlock('-----BEGIN K-----\n'.repeat(100_000))).toBeUndefined();
  });
});
