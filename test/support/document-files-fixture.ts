/**
 * The set-up the files-of-documents cases share: the application under test, alice, bob and
 * charlie signed in (as browsers and as JSON callers), an anonymous caller, the page requests, and
 * two helpers — a new document, and how many files PostgreSQL holds for one.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { type ApiCall, apiClient } from './api-client.ts';
import { pageRequests } from './page-requests.ts';
import type { SignedInClient } from './sign-in.ts';
import type { TestApp } from './test-app.ts';

/** What the cases work with (filled in before the first case runs). */
export interface DocumentFilesFixture extends ReturnType<typeof pageRequests> {
  readonly app: TestApp;
  readonly aliceClient: SignedInClient;
  readonly bobClient: SignedInClient;
  readonly alice: ApiCall;
  readonly bob: ApiCall;
  readonly charlie: ApiCall;
  readonly anonymous: ApiCall;
  /** A new document of `call`'s caller, by the API; its id. */
  newDocument(call: ApiCall, name: string, extra?: object): Promise<number>;
  /** How many files PostgreSQL holds for the document. */
  fileCount(documentId: number): Promise<number>;
}

/**
 * Starts the application before the cases of the enclosing `describe` and stops it after them.
 *
 * @param start starts the application under test
 * @example
 * const files = documentFilesFixture(() => startTestApp());
 * it('…', async () => { const { alice } = files; … });
 */
export function documentFilesFixture(start: () => Promise<TestApp>): DocumentFilesFixture {
  let app: TestApp | undefined;
  const started = () => {
    if (!app) throw new Error('the files fixture is used before its application started');
    return app;
  };
  const fixture = {
    ...pageRequests(started),
    async newDocument(call: ApiCall, name: string, extra: object = {}) {
      const created = await call('POST', '/api/documents', { name, ...extra });
      expect(created.status, created.text).toBe(201);
      return created.body.id as number;
    },
    async fileCount(documentId: number) {
      const [row] = await started().sql<
        { n: string }[]
      >`SELECT count(*) AS n FROM document_files WHERE document_id = ${documentId}`;
      return Number(row?.n);
    },
  } as DocumentFilesFixture;

  beforeAll(async () => {
    app = await start();
    const [aliceClient, bobClient, charlieClient] = await Promise.all([
      app.signIn('alice'),
      app.signIn('bob'),
      app.signIn('charlie'),
    ]);
    Object.assign(fixture, {
      app,
      aliceClient,
      bobClient,
      alice: apiClient(aliceClient),
      bob: apiClient(bobClient),
      charlie: apiClient(charlieClient),
      anonymous: apiClient(app.url),
    });
  });
  afterAll(async () => {
    await app?.stop();
  });
  return fixture;
}
