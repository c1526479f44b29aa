/**
 * Sharing of a document: who has access (read or write), a button per person to switch between
 * reading and editing or to remove their access, the invitations of addresses that have not
 * signed in yet (each can be withdrawn), and a form to share with someone by e-mail.
 */
import type { Document, PendingShare } from '../../db/index.ts';
import type { GrantedShare } from '../../services/index.ts';
import {
  ErrorSummary,
  type FieldErrors,
  PostForm,
  RadioGroup,
  TextField,
} from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** The add-share form's values as typed. */
export interface ShareFormValues {
  readonly email: string;
  readonly permission: 'read' | 'write';
}

/** Labels of the fields, for the error summary. */
export const SHARE_FIELD_LABELS = { email: 'E-mail address', permission: 'Access' } as const;

/** Props of {@link SharesPage}. */
export interface SharesPageProps {
  readonly frame: PageFrame;
  readonly document: Document;
  readonly shares: readonly GrantedShare[];
  /** Invitations of addresses that have not signed in yet. */
  readonly pending: readonly PendingShare[];
  readonly values: ShareFormValues;
  readonly errors: FieldErrors;
}

const ACCESS = { read: 'Can read', write: 'Can edit' } as const;

function ShareRow({
  frame,
  document,
  granted,
}: {
  frame: PageFrame;
  document: Document;
  granted: GrantedShare;
}) {
  const { user, share } = granted;
  const base = `/documents/${document.id}/shares`;
  const other = share.permission === 'read' ? 'write' : 'read';
  return (
    <tr>
      <td>
        {user.name}
        {user.name !== user.email ? <span class="hint">{user.email}</span> : null}
      </td>
      <td>{ACCESS[share.permission]}</td>
      <td>
        <ul class="actions">
          <li>
            <PostForm action={`${base}/change`} token={frame.formToken}>
              <input type="hidden" name="email" value={user.email} />
              <input type="hidden" name="permission" value={other} />
              <button type="submit" class="secondary">
                {other === 'write' ? 'Allow editing' : 'Make read-only'}
                <span class="visually-hidden"> for {user.email}</span>
              </button>
            </PostForm>
          </li>
          <li>
            <PostForm action={`${base}/revoke`} token={frame.formToken}>
              <input type="hidden" name="email" value={user.email} />
              <button type="submit" class="danger">
                Remove access<span class="visually-hidden"> for {user.email}</span>
              </button>
            </PostForm>
          </li>
        </ul>
      </td>
    </tr>
  );
}

/** The invitations of addresses that have not signed in yet. */
function PendingList({
  frame,
  document,
  pending,
}: {
  frame: PageFrame;
  document: Document;
  pending: readonly PendingShare[];
}) {
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-heading">
      <h2 id="pending-heading">Invited, not signed in yet</h2>
      <ul class="item-list">
        {pending.map((invite) => (
          <li>
            <span class="email">{invite.email}</span> <span class="badge">{ACCESS[invite.permission]}</span>
            <PostForm action={`/documents/${document.id}/shares/cancel`} token={frame.formToken}>
              <input type="hidden" name="email" value={invite.email} />
              <button type="submit" class="secondary">
                Withdraw invitation<span class="visually-hidden"> for {invite.email}</span>
              </button>
            </PostForm>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The share management page. */
export function SharesPage({ frame, document, shares, pending, values, errors }: SharesPageProps) {
  const title = `Sharing: ${document.name}`;
  const failed = Object.keys(errors).length > 0;
  return (
    <Layout frame={frame} title={failed ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <p class="meta">
        {document.isPublic
          ? 'This document is public: anyone can read it. Shares below also let people edit.'
          : 'This document is private: only you and the people below can open it.'}
      </p>
      <h2>People with access</h2>
      {shares.length === 0 ? (
        <p class="empty">You have not shared this document with anyone.</p>
      ) : (
        <div class="table-wrap">
          <table class="shares-table">
            <caption class="visually-hidden">People with access to {document.name}</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Access</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {shares.map((granted) => (
                <ShareRow frame={frame} document={document} granted={granted} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PendingList frame={frame} document={document} pending={pending} />
      <h2>Share with someone</h2>
      <ErrorSummary errors={errors} labels={SHARE_FIELD_LABELS} />
      <PostForm action={`/documents/${document.id}/shares`} token={frame.formToken}>
        <TextField
          name="email"
          type="email"
          label={SHARE_FIELD_LABELS.email}
          hint="Someone who has not signed in yet gets access at their first sign-in."
          value={values.email}
          error={errors.email}
          autocomplete="email"
        />
        <RadioGroup
          name="permission"
          label={SHARE_FIELD_LABELS.permission}
          value={values.permission}
          error={errors.permission}
          choices={[
            { value: 'read', label: 'Can read' },
            { value: 'write', label: 'Can read and edit' },
          ]}
        />
        <ul class="actions">
          <li>
            <button type="submit">Share</button>
          </li>
          <li>
            <a class="button secondary" href={`/documents/${document.id}/access`}>
              Who has access, and why
            </a>
          </li>
          <li>
            <a class="button secondary" href={`/documents/${document.id}/owner`}>
              Give to someone else
            </a>
          </li>
          <li>
            <a class="button secondary" href={`/documents/${document.id}`}>
              Back to the document
            </a>
          </li>
        </ul>
      </PostForm>
    </Layout>
  );
}
