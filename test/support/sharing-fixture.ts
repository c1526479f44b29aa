/**
 * What the folder and group sharing tests share: the real stack (PostgreSQL, the development
 * provider, the embedded engine with its directory in PostgreSQL), alice, bob and charlie signed in
 * (charlie so that his address is known: he is in no group and holds nothing), and alice's ways of
 * making folders and documents.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { type ApiCall, type ApiResponse, apiClient } from './api-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** The application and its callers (filled in before the first case runs). */
export interface SharingFixture {
  readonly app: TestApp;
  readonly alice: ApiCall;
  readonly bob: ApiCall;
  readonly charlie: ApiCall;
  /** POSTs `body` as `caller`, expecting `status` (201 by default); the answer's body. */
  post(
    caller: ApiCall,
    path: string,
    body: Record<string, unknown>,
    status?: number,
  ): Promise<ApiResponse['body']>;
  /** A folder of alice's, inside `parent` if given. */
  folder(name: string, parent?: number): Promise<{ id: number }>;
  /** A document of alice's, in `folderId` (or none). */
  doc(name: string, folderId: number | null): Promise<{ id: number }>;
  /** The status of `caller`'s request. */
  status(caller: ApiCall, method: string, path: string, body?: unknown): Promise<number>;
}

/**
 * Starts the stack before the cases of the enclosing `describe` and stops it after them.
 *
 * @example
 * const sharing = sharingFixture();
 * it('…', async () => { const { alice, folder } = sharing; … });
 */
export function sharingFixture(): SharingFixture {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let charlie: ApiCall;
  const post = async (caller: ApiCall, path: string, body: Record<string, unknown>, status = 201) => {
    const res = await caller('POST', path, body);
    expect(res.status, `${path}: ${res.text}`).toBe(status);
    return res.body;
  };
  beforeAll(async () => {
    app = await startTestApp();
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    charlie = apiClient(await app.signIn('charlie'));
  });
  afterAll(async () => {
    await app?.stop();
  });
  return {
    get app() {
      return app;
    },
    get alice() {
      return alice;
    },
    get bob() {
      return bob;
    },
    get charlie() {
      return charlie;
    },
    post,
    folder: (name, parent) => post(alice, '/api/folders', { name, parent_folder_id: parent ?? null }),
    doc: (name, folderId) =>
      post(alice, '/api/documents', { name, content: `${name} text`, folder_id: folderId }),
    status: async (caller, method, path, body) => (await caller(method, path, body)).status,
  };
}
