/**
 * Who has access to a document, and why: every person and group who can read, edit or share it,
 * each with the grants that give it (owner, a share, a group, a folder above it, public) —
 * computed by reverse lookups on the directory (its graph search and explanations), not by a
 * second copy of the rules. Shown to who may share the document (its owner).
 */
import type { GraphSubject } from '@gatehousejs/core';
import { createRepositories, type Document } from '../db/index.ts';
import { type Access, signedIn } from './access.ts';
import { type AccessGrant, grantKey, grantOfPath } from './access-grants.ts';
import type { ServiceDeps } from './service-deps.ts';
import { notFound, ServiceError } from './service-error.ts';

/** The permissions the report covers, weakest first. */
export const REPORTED_PERMISSIONS = ['can_read', 'can_write', 'can_share'] as const;
type Reported = (typeof REPORTED_PERMISSIONS)[number];

/** Who holds access. */
export type AccessSubject =
  | { readonly type: 'user'; readonly id: string; readonly email: string; readonly name: string }
  | { readonly type: 'group'; readonly id: number; readonly name: string }
  | { readonly type: 'everyone' };

/** A grant with the names of what it refers to, and whether the caller may remove it. */
export interface LabelledGrant extends AccessGrant {
  readonly folderName?: string;
  readonly groupName?: string;
  /** The address of the user a share names (to revoke it). */
  readonly email?: string;
  readonly removable: boolean;
}

/** One subject's access. */
export interface AccessEntry {
  readonly subject: AccessSubject;
  readonly permissions: Readonly<Record<Reported, boolean>>;
  readonly grants: readonly LabelledGrant[];
}

/** The report of one document. */
export interface AccessReport {
  readonly document: Document;
  readonly entries: readonly AccessEntry[];
}

/** Operations of the access report. */
export interface AccessReportService {
  /** `not_found` for an unknown (or trashed) document, `forbidden` without can_share. */
  report(access: Access, documentId: number): Promise<AccessReport>;
}

type Found = { subject: GraphSubject; permission: Reported; subjectType: 'user' | 'group' };

/**
 * The access report service; `graph` is the directory's reverse lookup.
 *
 * @example
 * const reports = createAccessReportService({ sql, afterCommit, graph: store });
 * const { entries } = await reports.report(access, 7);
 */
export function createAccessReportService(deps: ServiceDeps): AccessReportService {
  const repos = createRepositories(deps.sql);

  async function search(documentId: number): Promise<Found[]> {
    const graph = deps.graph;
    if (!graph) throw new ServiceError('unavailable', 'The directory offers no reverse lookups');
    const objectId = String(documentId);
    const users = REPORTED_PERMISSIONS.map(async (permission) =>
      (
        await graph.findSubjects({
          objectType: 'document',
          objectId,
          relation: permission,
          subjectType: 'user',
        })
      ).map((subject): Found => ({ subject, permission, subjectType: 'user' })),
    );
    const groups = (['can_read', 'can_write'] as const).map(async (permission) =>
      (
        await graph.findSubjects({
          objectType: 'document',
          objectId,
          relation: permission,
          subjectType: 'group',
          subjectRelation: 'member',
        })
      ).map((subject): Found => ({ subject, permission, subjectType: 'group' })),
    );
    return (await Promise.all([...users, ...groups])).flat();
  }

  return {
    async report(access, documentId) {
      signedIn(access);
      const document = await repos.documents.get(documentId);
      if (!document) throw notFound('Document');
      await access.require('document', documentId, 'can_share');
      const found = await search(documentId);

      const entries = new Map<string, { permissions: Set<Reported>; grants: Map<string, AccessGrant> }>();
      for (const { subject, permission, subjectType } of found) {
        const key = subject.id === '*' ? 'everyone' : `${subjectType}:${subject.id}`;
        const entry = entries.get(key) ?? { permissions: new Set(), grants: new Map() };
        entries.set(key, entry);
        entry.permissions.add(permission);
        for (const path of subject.paths) {
          const grant = grantOfPath(path);
          if (grant) entry.grants.set(grantKey(grant), grant);
        }
      }

      const label = createLabels(repos, access);
      const result: AccessEntry[] = [];
      for (const [key, entry] of entries) {
        const subject = await label.subject(key);
        if (!subject) continue;
        const grants = await Promise.all([...entry.grants.values()].map((grant) => label.grant(grant)));
        const permissions = Object.fromEntries(
          REPORTED_PERMISSIONS.map((p) => [p, entry.permissions.has(p)]),
        ) as Record<Reported, boolean>;
        result.push({ subject, permissions, grants });
      }
      return { document, entries: result.sort(bySubject(document.ownerId)) };
    },
  };
}

/** Owner first, then people by address, groups by name, everyone last. */
function bySubject(ownerId: string) {
  const rank = (s: AccessSubject) =>
    s.type === 'user' && s.id === ownerId ? 0 : s.type === 'user' ? 1 : s.type === 'group' ? 2 : 3;
  const text = (s: AccessSubject) => (s.type === 'user' ? s.email : s.type === 'group' ? s.name : '');
  return (a: AccessEntry, b: AccessEntry) =>
    rank(a.subject) - rank(b.subject) || text(a.subject).localeCompare(text(b.subject));
}

/** Names of the users, groups and folders a report refers to, each read once. */
function createLabels(repos: ReturnType<typeof createRepositories>, access: Access) {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, read());
    return memo.get(key) as Promise<T>;
  };
  const user = (id: string) => once(`user:${id}`, () => repos.users.get(id));
  const group = (id: number) => once(`group:${id}`, () => repos.groups.get(id));
  const folder = (id: number) => once(`folder:${id}`, () => repos.folders.get(id));
  const mayShareFolder = (id: number) =>
    once(`share:${id}`, async () => (await access.permissions('folder', id, ['can_share'])).can_share);
  return {
    async subject(key: string): Promise<AccessSubject | undefined> {
      if (key === 'everyone') return { type: 'everyone' };
      const [type, id = ''] = key.split(/:(.*)/s);
      if (type === 'user') {
        const found = await user(id);
        return found && { type: 'user', id: found.id, email: found.email, name: found.name };
      }
      const found = await group(Number(id));
      return found && { type: 'group', id: found.id, name: found.name };
    },
    async grant(grant: AccessGrant): Promise<LabelledGrant> {
      const [folderRow, groupRow, userRow] = await Promise.all([
        grant.folderId === undefined ? undefined : folder(grant.folderId),
        grant.groupId === undefined ? undefined : group(grant.groupId),
        grant.userId === undefined ? undefined : user(grant.userId),
      ]);
      const removable =
        grant.kind === 'owner'
          ? false
          : grant.kind === 'folder'
            ? grant.relation !== 'owner' &&
              grant.folderId !== undefined &&
              (await mayShareFolder(grant.folderId))
            : true;
      return {
        ...grant,
        ...(folderRow ? { folderName: folderRow.name } : {}),
        ...(groupRow ? { groupName: groupRow.name } : {}),
        ...(userRow ? { email: userRow.email } : {}),
        removable,
      };
    },
  };
}
