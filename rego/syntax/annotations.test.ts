import { describe, expect, it } from 'vitest';
import { RegoError } from '../errors.ts';
import { parseModule } from './index.ts';

describe('METADATA annotations', () => {
  it('attach to the package and the rule right after the block, with default scopes', () => {
    const m = parseModule(
      '# METADATA\n# title: P\npackage p\n\n# METADATA\n# authors:\n# - Jane <j@x.y>\n# related_resources: [https://a.b]\nr := 1\n\n# METADATA\n# entrypoint: true\ne := 2\n\ns := 3\n',
      'p.rego',
      { version: 'v1' },
    );
    expect(m.annotations).toEqual({ title: 'P', scope: 'package' });
    expect(m.rules.map((r) => r.annotations)).toEqual([
      {
        authors: [{ name: 'Jane', email: 'j@x.y' }],
        related_resources: [{ ref: 'https://a.b' }],
        scope: 'rule',
      },
      { entrypoint: true, scope: 'document' },
      undefined,
    ]);
  });

  it('refuses invalid YAML with the block’s location, and ignores unknown keys as OPA does', () => {
    const bad = (yaml: string) => {
      try {
        parseModule(`package p\n\n# METADATA\n${yaml}\nr := 1\n`, 'p.rego', { version: 'v1' });
      } catch (e) {
        return e instanceof RegoError ? `${e.code} ${e.line}` : String(e);
      }
      return 'accepted';
    };
    expect(bad('# title: [unclosed')).toBe('rego_parse_error 3');
    expect(bad('# colour: blue')).toBe('accepted');
  });
});
