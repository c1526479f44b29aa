/**
 * Sharing of a folder: who it is shared with (people and groups), each removable, and a form to
 * share it — with everything inside it — with a person or a group.
 */
import type { Folder, Group, ObjectShare } from '../../db/index.ts';
import { ErrorSummary, type FieldErrors, PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';
import { SHARE_TARGET_LABELS, ShareTargetFields } from './share-target-fields.tsx';

/** Props of {@link FolderSharesPage}. */
export interface FolderSharesPageProps {
  readonly frame: PageFrame;
  readonly folder: Folder;
  readonly shares: readonly ObjectShare[];
  readonly groups: readonly Group[];
  readonly errors: FieldErrors;
}

const ACCESS = { read: 'Can read', write: 'Can edit' } as const;

/** The folder sharing page. */
export function FolderSharesPage({ frame, folder, shares, groups, errors }: FolderSharesPageProps) {
  const base = `/folders/${folder.id}/shares`;
  const title = `Sharing: ${folder.name}`;
  return (
    <Layout frame={frame} title={Object.keys(errors).length > 0 ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <p class="meta">What you share here reaches every document and folder inside, at any depth.</p>
      <h2>Shared with</h2>
      {shares.length === 0 ? (
        <p class="empty">You have not shared this folder.</p>
      ) : (
        <ul class="item-list">
          {shares.map((share) => (
            <li>
              {share.subject.type === 'group' ? `Group ${share.subjectLabel}` : share.subjectLabel}{' '}
              <span class="badge">{ACCESS[share.permission]}</span>
              <PostForm action={`${base}/revoke`} token={frame.formToken}>
                {share.subject.type === 'group' ? (
                  <input type="hidden" name="group_id" value={String(share.subject.id)} />
                ) : (
                  <input type="hidden" name="email" value={share.subjectLabel} />
                )}
                <button type="submit" class="danger">
                  Remove access<span class="visually-hidden"> for {share.subjectLabel}</span>
                </button>
              </PostForm>
            </li>
          ))}
        </ul>
      )}
      <h2>Share the folder</h2>
      <ErrorSummary errors={errors} labels={SHARE_TARGET_LABELS} />
      <PostForm action={base} token={frame.formToken}>
        <ShareTargetFields groups={groups} errors={errors} withEmail />
        <ul class="actions">
          <li>
            <button type="submit">Share</button>
          </li>
          <li>
            <a class="button secondary" href={`/folders/${folder.id}/owner`}>
              Give to someone else
            </a>
          </li>
          <li>
            <a class="button secondary" href={`/folders/${folder.id}`}>
              Back to the folder
            </a>
          </li>
        </ul>
      </PostForm>
    </Layout>
  );
}
