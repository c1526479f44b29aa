/**
 * The documents a list may hold: those the directory grants the caller `can_read`, found by one
 * graph search (the documents owned, shared, public, or reached through folders and groups), so a
 * list pages through exactly these in SQL instead of checking every row it meets. The policy
 * still decides every row shown (`Access.filter`): the location rule and whatever else it adds
 * apply; the search only leaves out what no check could allow, since the policy reads can_read
 * from the same directory.
 */
import type { RelationGraph } from '@gatehousejs/core';
import { isRowId } from '../db/index.ts';
import type { Access } from './access.ts';
import { ServiceError } from './service-error.ts';

/**
 * The ids of the documents the directory grants the caller (a request without a user: those
 * granted to every user, i.e. public), or `undefined` without a directory to ask.
 *
 * @throws {ServiceError} `unavailable` when the directory cannot answer
 * @example
 * const readableIds = await readableDocumentIds(deps.graph, access);
 * const rows = await repos.documents.listAccessible({ userId: access.userId, readableIds, limit: 20 });
 */
export async function readableDocumentIds(
  graph: RelationGraph | undefined,
  access: Access,
): Promise<number[] | undefined> {
  if (!graph) return undefined;
  let ids: string[];
  try {
    ids = await graph.findObjects({
      objectType: 'document',
      relation: 'can_read',
      subjectType: 'user',
      subjectId: access.userId ?? '*',
    });
  } catch (cause) {
    throw new ServiceError('unavailable', 'Authorization service unavailable: try again later', { cause });
  }
  return ids.map(Number).filter(isRowId);
}
