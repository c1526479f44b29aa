/**
 * One attachment brought in line with the wiki: compared by the SHA-1 kept in the attachment's
 * comment (no download), uploaded when new, its data replaced when the hash differs. An upload
 * whose outcome is unknown is checked by listing that file name before it is repeated.
 */
import { readFile } from 'node:fs/promises';
import type { PageAttachment } from '../convert/index.ts';
import {
  type AttachmentUpload,
  type RemoteAttachment,
  type WikiApi,
  WikiRequestError,
} from '../wiki/index.ts';

/** What syncing an attachment needs. */
export interface AttachmentSyncContext {
  readonly api: WikiApi;
  readonly retries: number;
  readonly backoff: (retry: number) => Promise<void>;
}

function find(attachments: readonly RemoteAttachment[], name: string): RemoteAttachment | undefined {
  return (
    attachments.find((attachment) => attachment.name === name) ??
    attachments.find((attachment) => attachment.name.toLowerCase() === name.toLowerCase())
  );
}

/**
 * Uploads an attachment if the wiki does not already hold the same bytes.
 *
 * @param existing the page's attachments as the wiki lists them
 */
export async function syncAttachment(
  pageId: string,
  local: PageAttachment,
  existing: readonly RemoteAttachment[],
  context: AttachmentSyncContext,
): Promise<'uploaded' | 'updated' | 'unchanged'> {
  let current = find(existing, local.name);
  if (current?.sha1 === local.sha1) return 'unchanged';
  const upload: AttachmentUpload = {
    name: current?.name ?? local.name,
    data: await readFile(local.absolutePath),
    mediaType: local.mediaType,
    sha1: local.sha1,
  };
  const action = current ? 'updated' : 'uploaded';
  for (let attempt = 0; ; attempt++) {
    try {
      if (current) await context.api.updateAttachmentData(pageId, current.id, upload);
      else await context.api.createAttachment(pageId, upload);
      return action;
    } catch (error) {
      if (!(error instanceof WikiRequestError) || error.status === 401) throw error;
      const nameTaken = error.status === 400 && /same file name|already exists/i.test(error.message);
      if (!error.transient && !nameTaken) throw error;
      const now = find(await context.api.listAttachments(pageId, local.name), local.name);
      if (now?.sha1 === local.sha1) return action;
      current = now ?? current;
      if (attempt >= context.retries) throw error;
      if (error.transient) await context.backoff(attempt);
    }
  }
}
