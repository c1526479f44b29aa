/**
 * Who has access to a document, and why: every person and group who can read, edit or share it,
 * what gives it (owner, share, group, folder, public), a button to take back each grant its owner
 * may remove, and a form to share the document with a group.
 */
import type { Document, Group } from '../../db/index.ts';
import type { AccessEntry, LabelledGrant } from '../../services/index.ts';
import { ErrorSummary, type FieldErrors, PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';
import { SHARE_TARGET_LABELS, ShareTargetFields } from './share-target-fields.tsx';

/** Props of {@link AccessPage}. */
export interface AccessPageProps {
  readonly frame: PageFrame;
  readonly document: Document;
  readonly entries: readonly AccessEntry[];
  readonly groups: readonly Group[];
  readonly errors: FieldErrors;
}

const RELATION = { owner: 'owner', writer: 'can edit', reader: 'can read' } as Record<string, string>;

/** What a grant is, in words. */
export function grantText(grant: LabelledGrant): string {
  const what = RELATION[grant.relation] ?? grant.relation;
  switch (grant.kind) {
    case 'owner':
      return 'Owner of the document';
    case 'share':
      return `Shared with them directly (${what})`;
    case 'group':
      return `Member of group ${grant.groupName ?? grant.groupId} (${what})`;
    case 'public':
      return 'The document is public (can read)';
    case 'folder': {
      const folder = `folder ${grant.folderName ?? grant.folderId}`;
      if (grant.relation === 'owner') return `Owner of ${folder}`;
      const via = grant.groupId === undefined ? '' : ` through group ${grant.groupName ?? grant.groupId}`;
      return `Shared ${folder}${via} (${what})`;
    }
  }
}

function who(entry: AccessEntry): string {
  const { subject } = entry;
  if (subject.type === 'everyone') return 'Everyone';
  if (subject.type === 'group') return `Group ${subject.name}`;
  return subject.name === subject.email ? subject.email : `${subject.name} (${subject.email})`;
}

function can(entry: AccessEntry): string {
  const { can_read, can_write, can_share } = entry.permissions;
  return can_share ? 'Read, edit, share' : can_write ? 'Read, edit' : can_read ? 'Read' : '—';
}

function RemoveGrant({
  frame,
  document,
  grant,
}: {
  frame: PageFrame;
  document: Document;
  grant: LabelledGrant;
}) {
  return (
    <PostForm action={`/documents/${document.id}/access/remove`} token={frame.formToken}>
      <input type="hidden" name="kind" value={grant.kind} />
      {grant.email ? <input type="hidden" name="email" value={grant.email} /> : null}
      {grant.groupId === undefined ? null : (
        <input type="hidden" name="group_id" value={String(grant.groupId)} />
      )}
      {grant.folderId === undefined ? null : (
        <input type="hidden" name="folder_id" value={String(grant.folderId)} />
      )}
      <button type="submit" class="secondary">
        Remove<span class="visually-hidden">: {grantText(grant)}</span>
      </button>
    </PostForm>
  );
}

/** The access page. */
export function AccessPage({ frame, document, entries, groups, errors }: AccessPageProps) {
  const title = `Who has access: ${document.name}`;
  return (
    <Layout frame={frame} title={Object.keys(errors).length > 0 ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <section class="table-wrap" aria-label="Who has access" tabindex={0}>
        <table>
          <caption class="visually-hidden">Who can open {document.name}, and why</caption>
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Can</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr>
                <td>{who(entry)}</td>
                <td>{can(entry)}</td>
                <td>
                  <ul class="item-list">
                    {entry.grants.map((grant) => (
                      <li>
                        {grantText(grant)}
                        {grant.removable ? (
                          <RemoveGrant frame={frame} document={document} grant={grant} />
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h2>Share with a group</h2>
      <ErrorSummary errors={errors} labels={SHARE_TARGET_LABELS} />
      <PostForm action={`/documents/${document.id}/access/groups`} token={frame.formToken}>
        <ShareTargetFields groups={groups} errors={errors} withEmail={false} />
        <button type="submit">Share</button>
      </PostForm>
      <ul class="actions">
        <li>
          <a href={`/documents/${document.id}/shares`}>Share with a person</a>
        </li>
        <li>
          <a href={`/documents/${document.id}/access-log`}>Access log</a>
        </li>
        <li>
          <a href={`/documents/${document.id}`}>Back to the document</a>
        </li>
      </ul>
    </Layout>
  );
}
