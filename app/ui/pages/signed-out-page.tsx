/**
 * The page after sign-out: says what ended — the Gatehouse session, and (single logout) the
 * session at the identity provider, so that signing in again asks for the password.
 */
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** `GET /signed-out`; `providerSessionEnded` is false when only the Gatehouse session ended. */
export function SignedOutPage({
  frame,
  providerSessionEnded,
}: {
  readonly frame: PageFrame;
  readonly providerSessionEnded: boolean;
}) {
  return (
    <Layout frame={frame} title="Signed out">
      <h1>You are signed out</h1>
      {providerSessionEnded ? (
        <p class="lead">
          Your Gatehouse session has ended, and so has your session at the identity provider: signing in again
          asks for your password.
        </p>
      ) : (
        <p class="lead">
          Your Gatehouse session has ended. Your session at the identity provider may still be open, so
          signing in again may not ask for your password: close the browser to end it.
        </p>
      )}
      <p>
        <a class="button" href="/login">
          Sign in again
        </a>{' '}
        <a href="/">Go to the start page</a>
      </p>
    </Layout>
  );
}
