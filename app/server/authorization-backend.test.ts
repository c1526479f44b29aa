import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { startEmbeddedAuthorization } from './authorization-backend.ts';
import { AuthorizationStartError } from './authorization-error.ts';

let policiesDir: string;

beforeAll(async () => {
  policiesDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-manifest-'));
  await writeFile(
    path.join(policiesDir, 'manifest.yaml'),
    'model:\n  version: 3\ntypes:\n  user:\n    relations:\n      identifier: identity\n  identity: {}\n',
  );
});

afterAll(async () => {
  await rm(policiesDir, { recursive: true, force: true });
});

describe('starting the embedded engine checks the directory model', () => {
  it('refuses a manifest without what the application writes, before touching the database', async () => {
    // The check comes first: a database that cannot be used shows nothing else was tried.
    const sql = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the database was used');
        },
      },
    ) as Database;
    const error = await startEmbeddedAuthorization({ sql, policiesDir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AuthorizationStartError);
    expect((error as AuthorizationStartError).message).toBe(
      `The directory manifest ${path.join(policiesDir, 'manifest.yaml')} lacks what the application writes and asks: ` +
        'object type group, object type folder, object type document',
    );
  });
});
