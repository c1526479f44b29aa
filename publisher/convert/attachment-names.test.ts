import { describe, expect, it } from 'vitest';
import { attachmentNames } from './attachment-names.ts';
import { classifyReference } from './local-reference.ts';

describe('attachmentNames', () => {
  it('derives names from docs-relative paths and never gives two files one name', () => {
    const names = attachmentNames([
      'a/b_c.png',
      'a_b/c.png',
      'img/x y.png',
      'img/x_y.png',
      'IMG/A.PNG',
      'img/a.png',
    ]);
    expect(names.get('a/b_c.png')).toBe('a_b_c.png');
    expect(names.get('a_b/c.png')).toMatch(/^a_b_c-[0-9a-f]{8}\.png$/);
    expect(names.get('img/x y.png')).toBe('img_x_y.png');
    expect(new Set(names.values()).size).toBe(6);
    expect(new Set([...names.values()].map((name) => name.toLowerCase())).size).toBe(6);
  });

  it('is stable whatever the order the paths come in', () => {
    const forward = attachmentNames(['a/b_c.png', 'a_b/c.png']);
    const backward = attachmentNames(['a_b/c.png', 'a/b_c.png']);
    expect([...backward].sort()).toEqual([...forward].sort());
  });
});

describe('classifyReference', () => {
  it('resolves relative, absolute and encoded paths inside the docs folder', () => {
    expect(classifyReference('../img/my%20pic.png', 'guide/setup.md')).toEqual({
      kind: 'local',
      path: 'img/my pic.png',
      directory: false,
    });
    expect(classifyReference('/guide/a.md#x', 'deep/b.md')).toEqual({
      kind: 'local',
      path: 'guide/a.md',
      anchor: 'x',
      directory: false,
    });
    expect(classifyReference('sub/', 'index.md')).toEqual({ kind: 'local', path: 'sub', directory: true });
  });

  it('keeps external addresses and refuses unsafe or escaping ones', () => {
    expect(classifyReference('mailto:a@example.com', 'index.md').kind).toBe('external');
    expect(classifyReference('//cdn.example.com/x.png', 'index.md').kind).toBe('external');
    expect(classifyReference('javascript:alert(1)', 'index.md').kind).toBe('invalid');
    expect(classifyReference('../../etc/passwd', 'guide/a.md').kind).toBe('invalid');
  });
});
