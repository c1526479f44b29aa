/**
 * One group: its owner and members; its owner adds and removes members and deletes it.
 */
import type { GroupDetails } from '../../services/index.ts';
import { ErrorSummary, type FieldErrors, PostForm, TextField } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link GroupPage}. */
export interface GroupPageProps {
  readonly frame: PageFrame;
  readonly details: GroupDetails;
  readonly email: string;
  readonly errors: FieldErrors;
}

/** The group page. */
export function GroupPage({ frame, details, email, errors }: GroupPageProps) {
  const { group, members, manageable } = details;
  const base = `/groups/${group.id}`;
  const title = `Group: ${group.name}`;
  return (
    <Layout frame={frame} title={Object.keys(errors).length > 0 ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <p class="meta">Owner: {details.ownerEmail}</p>
      <h2>Members</h2>
      {members.length === 0 ? (
        <p class="empty">Nobody is in this group yet.</p>
      ) : (
        <ul class="item-list">
          {members.map((member) => (
            <li>
              {member.name} <span class="email">{member.email}</span>
              {manageable ? (
                <PostForm action={`${base}/members/remove`} token={frame.formToken}>
                  <input type="hidden" name="email" value={member.email} />
                  <button type="submit" class="secondary">
                    Remove<span class="visually-hidden"> {member.email} from the group</span>
                  </button>
                </PostForm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {manageable ? (
        <>
          <h2>Add a member</h2>
          <ErrorSummary errors={errors} labels={{ email: 'E-mail address' }} />
          <PostForm action={`${base}/members`} token={frame.formToken}>
            <TextField name="email" type="email" label="E-mail address" value={email} error={errors.email} />
            <button type="submit">Add</button>
          </PostForm>
          <h2>Delete the group</h2>
          <PostForm action={`${base}/delete`} token={frame.formToken}>
            <p>Everything shared with the group stops being shared with its members.</p>
            <button type="submit" class="danger">
              Delete the group
            </button>
          </PostForm>
        </>
      ) : null}
      <p>
        <a href="/groups">All groups</a>
      </p>
    </Layout>
  );
}
