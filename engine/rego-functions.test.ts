import { describe, expect, it } from 'vitest';
import { compilePolicies, createStandardBuiltins, EngineError, RegoError } from './index.ts';

describe('the Rego functions of the engine entry', () => {
  it('refuse wrong compile options with an EngineError naming the field, as before the Rego package', () => {
    const attempt = () =>
      compilePolicies([{ file: 'a.rego', source: 'package a' }], { version: 'v9' } as never);
    expect(attempt).toThrow(EngineError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(attempt).toThrow(/^invalid compile options: version: /);
  });

  it('refuse an OPA release that is not followed with an EngineError', () => {
    const attempt = () => createStandardBuiltins({ opaVersion: 'v0.1.0' as never });
    expect(attempt).toThrow(EngineError);
    expect(attempt).toThrow(/^invalid standard built-ins options: opaVersion: must be one of/);
  });

  it('leave policy errors as RegoError', () => {
    const attempt = () => compilePolicies([{ file: 'a.rego', source: 'package' }]);
    expect(attempt).toThrow(RegoError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'rego_parse_error' }));
  });
});
