/**
 * What grants a subject its access, read off the directory's explanation of a graph search: each
 * path leads from the document to the subject through stored relations, and the relation that
 * gives (`owner`, `writer`, `reader`) — on the document itself or on a folder above it, to a user,
 * a group's members or every user — is the grant. The rules stay in the manifest: this only names
 * the step of a path the directory already found.
 */
import type { Relation } from '@gatehousejs/core';

/** Relations that give access (the manifest's relations other than `parent` and `member`). */
const GIVING = new Set(['owner', 'writer', 'reader']);

/** One grant, as the access page shows it. */
export interface AccessGrant {
  /**
   * `owner` (of the document), `share` (a person's share of the document), `group` (a group's
   * share of the document), `public` (every user), `folder` (a folder above it: its owner or a
   * share of it, with a person or a group).
   */
  readonly kind: 'owner' | 'share' | 'group' | 'public' | 'folder';
  /** The giving relation: `owner`, `writer` or `reader`. */
  readonly relation: string;
  /** The folder whose relation gives it (kind `folder`). */
  readonly folderId?: number;
  /** The group through which it is given (kind `group`, or a folder shared with a group). */
  readonly groupId?: number;
  /** The user the relation names directly (not through a group), when one does. */
  readonly userId?: string;
}

/** A stable key of a grant (to merge the same grant found for several permissions). */
export function grantKey(grant: AccessGrant): string {
  return [grant.kind, grant.relation, grant.folderId ?? '', grant.groupId ?? '', grant.userId ?? ''].join(
    '|',
  );
}

/**
 * The grant a path of `document:<id>`'s explanation stands for, or `undefined` when the path has
 * no giving relation.
 *
 * @example
 * grantOfPath([{ objectType: 'document', objectId: '7', relation: 'parent', subjectType: 'folder', subjectId: '3' },
 *   { objectType: 'folder', objectId: '3', relation: 'reader', subjectType: 'user', subjectId: 'bob' }]);
 * // { kind: 'folder', relation: 'reader', folderId: 3, userId: 'bob' }
 */
export function grantOfPath(path: readonly Relation[]): AccessGrant | undefined {
  const giving = path.find((step) => GIVING.has(step.relation));
  if (!giving) return undefined;
  const group = giving.subjectType === 'group' ? { groupId: Number(giving.subjectId) } : {};
  const user = giving.subjectType === 'user' && giving.subjectId !== '*' ? { userId: giving.subjectId } : {};
  if (giving.objectType === 'folder') {
    return {
      kind: 'folder',
      relation: giving.relation,
      folderId: Number(giving.objectId),
      ...group,
      ...user,
    };
  }
  if (giving.subjectType === 'user' && giving.subjectId === '*')
    return { kind: 'public', relation: giving.relation };
  if (giving.subjectType === 'group') return { kind: 'group', relation: giving.relation, ...group };
  return { kind: giving.relation === 'owner' ? 'owner' : 'share', relation: giving.relation, ...user };
}
