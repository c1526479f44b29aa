/**
 * The caller's groups (those they own or belong to), and a form to make a new one.
 */
import type { Group } from '../../db/index.ts';
import { ErrorSummary, type FieldErrors, PostForm, TextField } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link GroupsPage}. */
export interface GroupsPageProps {
  readonly frame: PageFrame;
  readonly groups: readonly Group[];
  readonly name: string;
  readonly errors: FieldErrors;
}

/** The groups page. */
export function GroupsPage({ frame, groups, name, errors }: GroupsPageProps) {
  const failed = Object.keys(errors).length > 0;
  const userId = frame.user?.sub;
  return (
    <Layout frame={frame} title={failed ? 'Error: Groups' : 'Groups'}>
      <h1>Groups</h1>
      <p class="meta">Share a folder or a document with a group, and every member gets access.</p>
      {groups.length === 0 ? (
        <p class="empty">You are in no group yet.</p>
      ) : (
        <ul class="item-list">
          {groups.map((group) => (
            <li>
              <a href={`/groups/${group.id}`}>{group.name}</a>{' '}
              <span class="badge">{group.ownerId === userId ? 'Yours' : 'Member'}</span>
            </li>
          ))}
        </ul>
      )}
      <h2>Make a group</h2>
      <ErrorSummary errors={errors} labels={{ name: 'Group name' }} />
      <PostForm action="/groups" token={frame.formToken}>
        <TextField name="name" label="Group name" value={name} error={errors.name} />
        <button type="submit">Make the group</button>
      </PostForm>
    </Layout>
  );
}
