import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ensurePeer } from './support/peers.ts';

describe('real peers', () => {
  it('installs OPA at the version Topaz 0.33.16 embeds', () => {
    const opa = ensurePeer('opa', ['v1.15.2']);
    const version = execFileSync(opa, ['version'], { encoding: 'utf8' });
    expect(version).toMatch(/^Version: 1\.15\.2$/m);
  });
});
