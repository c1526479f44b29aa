import { describe, expect, it } from 'vitest';
import { compilePolicies, createStandardBuiltins, RegoError } from './index.ts';

describe('options of compilePolicies and createStandardBuiltins', () => {
  it('are refused with a RegoError invalid_options naming the field, not a raw ZodError', () => {
    const attempt = () =>
      compilePolicies([{ file: 'a.rego', source: 'package a' }], { version: 'v9' } as never);
    expect(attempt).toThrow(RegoError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(attempt).toThrow(/^invalid_options: invalid compile options: version: /);
  });

  it('refuse an OPA release that is not followed', () => {
    const attempt = () => createStandardBuiltins({ opaVersion: 'v0.1.0' as never });
    expect(attempt).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(attempt).toThrow(/opaVersion: must be one of v1\.15\.2/);
  });
});
