/**
 * Giving a document or a folder away (`/documents/{id}/owner`, `/folders/{id}/owner`): whom to
 * give it to, and what the owner loses by it, said before the button.
 */
import { ErrorSummary, type FieldErrors, PostForm, TextField } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link OwnershipPage}. */
export interface OwnershipPageProps {
  readonly frame: PageFrame;
  readonly object: { readonly type: 'document' | 'folder'; readonly id: number; readonly name: string };
  readonly email: string;
  readonly errors: FieldErrors;
}

/** The page. */
export function OwnershipPage({ frame, object, email, errors }: OwnershipPageProps) {
  const base = `/${object.type}s/${object.id}`;
  const title = `Give “${object.name}” to someone else`;
  return (
    <Layout frame={frame} title={Object.keys(errors).length > 0 ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <ErrorSummary errors={errors} labels={{ email: 'New owner' }} />
      <p>
        {object.type === 'document'
          ? 'The new owner can read, edit, share and delete the document. If it is in a folder of yours, it leaves that folder.'
          : 'The new owner gets the folder with everything of yours inside it — its folders and documents, those in the trash included. What others own inside stays theirs. If it is inside a folder of yours, it leaves that folder.'}
      </p>
      <p class="lead">
        You keep no access of your own: only what a group, a shared folder or a public document gives you, or
        what the new owner shares with you afterwards.
      </p>
      <PostForm action={`${base}/owner`} token={frame.formToken}>
        <TextField
          name="email"
          label="New owner"
          hint="The e-mail address they sign in with"
          type="email"
          autocomplete="email"
          value={email}
          error={errors.email}
        />
        <ul class="actions">
          <li>
            <button type="submit" class="danger">
              Give it away
            </button>
          </li>
          <li>
            <a class="button secondary" href={base}>
              Cancel
            </a>
          </li>
        </ul>
      </PostForm>
    </Layout>
  );
}
