import { describe, expect, it } from 'vitest';
import { AuthzToolError } from './errors.ts';
import { loadOptionalPeer } from './optional-peer.ts';

const notFound = (specifier: string) =>
  Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/cli.js`), {
    code: 'ERR_MODULE_NOT_FOUND',
  });

describe('loadOptionalPeer', () => {
  it('gives the module when it is installed', async () => {
    await expect(loadOptionalPeer('tsx', 'a TypeScript module', async () => ({ ok: true }))).resolves.toEqual(
      { ok: true },
    );
  });

  it('names the package and the install command when it is missing', async () => {
    const attempt = loadOptionalPeer('@gatehousejs/fastify', '--app ./app.js (a Fastify instance)', () =>
      Promise.reject(notFound('@gatehousejs/fastify')),
    );
    await expect(attempt).rejects.toThrow(AuthzToolError);
    await expect(attempt).rejects.toThrow(
      '--app ./app.js (a Fastify instance) needs @gatehousejs/fastify, which is not installed: npm install -D @gatehousejs/fastify',
    );
  });

  it('passes other failures on unchanged', async () => {
    const failure = new SyntaxError('Unexpected token');
    await expect(loadOptionalPeer('tsx', 'x', () => Promise.reject(failure))).rejects.toBe(failure);
    const otherMissing = notFound('left-pad');
    await expect(loadOptionalPeer('tsx', 'x', () => Promise.reject(otherMissing))).rejects.toBe(otherMissing);
  });
});
