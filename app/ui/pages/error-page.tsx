/**
 * Pages for failures, in words a person understands: a sign-in prompt (401), a denial with the
 * reason and the decision that led to it (403), and a plain message for everything else (404,
 * 400, 409, 413, 503, 500). Never a stack trace.
 */
import { Layout } from '../components/layout.tsx';
import type { DenialExplanation } from '../denial.ts';
import type { PageFrame } from '../page-frame.ts';
import { signInPath } from '../page-paths.ts';

/** The 401 page: sign in (again) to continue. */
export function SignInPrompt({ frame, message }: { readonly frame: PageFrame; readonly message: string }) {
  return (
    <Layout frame={frame} title="Sign in to continue">
      <h1>Sign in to continue</h1>
      <p>{message}</p>
      <p>
        <a class="button" href={signInPath(frame.here)}>
          Sign in
        </a>
      </p>
    </Layout>
  );
}

/** The 403 page. */
export function DeniedPage({
  frame,
  explanation,
}: {
  readonly frame: PageFrame;
  readonly explanation: DenialExplanation;
}) {
  return (
    <Layout frame={frame} title="Access denied">
      <h1>Access denied</h1>
      <p class="lead">{explanation.sentence}</p>
      <p>{explanation.advice}</p>
      {explanation.document ? (
        <p>
          <a href={`/documents/${explanation.document.id}`}>Back to “{explanation.document.name}”</a>
        </p>
      ) : null}
      {explanation.facts.length > 0 ? (
        <details class="decision-details">
          <summary>Details</summary>
          <h2>How this was decided</h2>
          <dl class="decision">
            {explanation.facts.map((fact) => (
              <>
                <dt>{fact.term}</dt>
                <dd>
                  <code>{fact.detail}</code>
                </dd>
              </>
            ))}
          </dl>
        </details>
      ) : null}
      <StartPageLink frame={frame} />
    </Layout>
  );
}

/** "Go to the start page", unless this is the start page or the policy would refuse it too. */
function StartPageLink({ frame }: { readonly frame: PageFrame }) {
  if (frame.here === '/' || frame.here.startsWith('/?') || frame.links?.home === false) return null;
  return (
    <p>
      <a href="/">Go to the start page</a>
    </p>
  );
}

/** Any other failure: a title, what happened and what to do. */
export function MessagePage({
  frame,
  title,
  message,
  advice,
}: {
  readonly frame: PageFrame;
  readonly title: string;
  readonly message: string;
  readonly advice?: string;
}) {
  return (
    <Layout frame={frame} title={title}>
      <h1>{title}</h1>
      <p class="lead">{message}</p>
      {advice ? <p>{advice}</p> : null}
      <StartPageLink frame={frame} />
    </Layout>
  );
}
