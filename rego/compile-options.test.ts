import { describe, expect, it } from 'vitest';
import { EngineError } from '../engine-error.ts';
import { compilePolicies } from './index.ts';

describe('compilePolicies options', () => {
  it('are refused with an EngineError naming the field, not a raw ZodError', () => {
    const attempt = () =>
      compilePolicies([{ file: 'a.rego', source: 'package a' }], { version: 'v9' } as never);
    expect(attempt).toThrow(EngineError);
    expect(attempt).toThrow(/^invalid compile options: version: /);
  });
});
