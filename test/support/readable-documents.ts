/**
 * Documents of alice readable by bob at size, written as the application writes them (each row
 * and its directory changes in one transaction) and delivered to the directory by the relay: half
 * in a folder alice shares with bob, half shared with bob one by one. For the Topaz list tests
 * and `npm run bench -- topaz`.
 */
import { withTransaction } from '../../app/db/index.ts';
import { documentCreated, shareGranted } from '../../app/directory-sync/index.ts';
import { DEV_USERS } from '../../app/stack/index.ts';
import type { ApiCall } from './api-client.ts';
import type { TestApp } from './test-app.ts';

/** What {@link loadReadableDocuments} created. */
export interface ReadableDocuments {
  /** The folder shared with bob (read). */
  readonly folderId: number;
  /** The documents in that folder. */
  readonly inFolder: readonly number[];
  /** The documents shared with bob directly (read). */
  readonly sharedDirectly: readonly number[];
}

const subOf = (username: string) => {
  const user = DEV_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no development user ${username}`);
  return user.sub;
};

/**
 * Creates `count` documents of alice readable by bob (`count / 2` through a folder share, the
 * rest shared directly) and waits until the directory has them.
 *
 * @example
 * const { inFolder, sharedDirectly } = await loadReadableDocuments(app, alice, 2_000);
 */
export async function loadReadableDocuments(
  app: TestApp,
  alice: ApiCall,
  count: number,
): Promise<ReadableDocuments> {
  const folder = await alice('POST', '/api/folders', { name: 'Archive', parent_folder_id: null });
  if (folder.status !== 201) throw new Error(`POST /api/folders: ${folder.status} ${folder.text}`);
  const folderId = (folder.body as { id: number }).id;
  const share = await alice('POST', `/api/folders/${folderId}/shares`, {
    email: 'bob@example.com',
    permission: 'read',
  });
  if (share.status !== 201) throw new Error(`folder share: ${share.status} ${share.text}`);
  const aliceSub = subOf('alice');
  const bobSub = subOf('bob');
  const half = Math.floor(count / 2);
  const [inFolder, sharedDirectly] = await withTransaction(app.sql, async (tx) => {
    const folderDocs: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < count; i++) {
      const document = await tx.documents.create({
        name: `Archived ${i}`,
        content: `archived text ${i}`,
        ownerId: aliceSub,
        ...(i < half ? { folderId } : {}),
      });
      await tx.directoryOutbox.enqueue(documentCreated(document));
      if (i < half) {
        folderDocs.push(document.id);
        continue;
      }
      const granted = await tx.shares.create({ documentId: document.id, userId: bobSub, permission: 'read' });
      await tx.directoryOutbox.enqueue(shareGranted(granted));
      direct.push(document.id);
    }
    return [folderDocs, direct];
  });
  await app.running.documentApp.relay.flush();
  return { folderId, inFolder, sharedDirectly };
}

/** Every id of the caller's API list (`GET /api/documents`, pages of `limit`), with each page's status. */
export async function listAllDocuments(
  caller: ApiCall,
  limit = 1_000,
): Promise<{ ids: number[]; statuses: number[]; failure?: string }> {
  const ids: number[] = [];
  const statuses: number[] = [];
  let next: string | undefined = `/api/documents?limit=${limit}`;
  while (next) {
    const page = await caller('GET', next);
    statuses.push(page.status);
    if (page.status !== 200)
      return { ids, statuses, failure: `GET ${next}: ${page.status} ${page.text.slice(0, 300)}` };
    ids.push(...(page.body as { id: number }[]).map((d) => d.id));
    next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
  }
  return { ids, statuses };
}
