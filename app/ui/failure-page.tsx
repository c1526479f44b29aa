/**
 * Every failure of a page request as a page: the status the application decided (the same
 * mapping as the JSON API) with words for a person instead of `{ "detail": … }` — a sign-in
 * prompt for 401, the reason for 403 (naming the document and linking back to it when the person
 * may read it; the decision path folded under "Details"), plain messages otherwise.
 */

import { AccessDeniedError } from '@gatehousejs/core';
import type { HonoAuthzConfig } from '@gatehousejs/hono';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ServiceError } from '../services/index.ts';
import type { FormTokens } from './csrf-token.ts';
import { explainDenial, type ReadableName } from './denial.ts';
import { pageFrame, renderPage, type SiteLinks } from './page-frame.ts';
import { DeniedPage, MessagePage, SignInPrompt } from './pages/error-page.tsx';
import { pageAllowed } from './routes/page-route-deps.ts';
import { UiError } from './ui-error.ts';

/** The status and message the application's error mapping gave. */
export interface FailureAnswer {
  readonly status: number;
  readonly detail: string;
}

/** What failure pages need. */
export interface FailurePageDeps {
  readonly authz: HonoAuthzConfig;
  readonly tokens: FormTokens;
  /** Names the document of a refusal page, when the person may read it. */
  readonly readableName: ReadableName;
}

const MESSAGES: Record<number, { title: string; message: string; advice?: string }> = {
  400: { title: 'Something in the request is not right', message: '' },
  404: {
    title: 'Page not found',
    message: 'There is nothing at this address. The document may have been deleted, or the link is mistyped.',
  },
  409: { title: 'That cannot be done right now', message: '' },
  413: { title: 'The form is too large', message: 'Shorten the text and send it again.' },
  415: { title: 'That is not a form', message: 'Send the form from its page in Gatehouse.' },
  503: {
    title: 'Gatehouse is unavailable',
    message: 'A service Gatehouse depends on is not answering.',
    advice: 'Try again in a minute.',
  },
};

const UNEXPECTED = {
  title: 'Something went wrong',
  message: 'Gatehouse could not finish this request. The problem has been logged.',
  advice: 'Try again; if it keeps happening, contact your administrator.',
};

function causeOf(error: unknown): unknown {
  return error instanceof HTTPException ? error.cause : undefined;
}

function deniedPolicyPath(error: unknown, detail: string): string | undefined {
  const cause = causeOf(error);
  if (cause instanceof AccessDeniedError) return cause.policyPath;
  if (error instanceof ServiceError) return error.policyPath;
  return /^Access denied: (\S+)$/.exec(detail)?.[1];
}

/** The site-wide links a denied person may still follow: each asked of its page's policy. */
async function siteLinks(c: Context, authz: HonoAuthzConfig): Promise<SiteLinks> {
  const [home, groups, trash] = await Promise.all(
    ['/', '/groups', '/trash'].map((path) => pageAllowed(c, authz, 'GET', path)),
  );
  return { home: home === true, groups: groups === true, trash: trash === true };
}

/**
 * The page for a failure of the request `c`.
 *
 * @example
 * app.onError(async (error, c) => renderFailure(c, deps, error, { status: 403, detail: 'Access denied: webapp.GET' }));
 */
export async function renderFailure(
  c: Context,
  deps: FailurePageDeps,
  error: unknown,
  answer: FailureAnswer,
): Promise<Response> {
  const frame = { ...pageFrame(c, deps.tokens), notice: undefined };
  const status = answer.status as ContentfulStatusCode;
  const uiError = causeOf(error) instanceof UiError ? (causeOf(error) as UiError) : undefined;
  if (status === 401) {
    const message = uiError
      ? 'Your session has ended, so the form was not sent. Sign in and send it again.'
      : 'You need to sign in to see this page.';
    return renderPage(c, <SignInPrompt frame={frame} message={message} />, 401);
  }
  if (status === 403 && uiError) {
    const page = (
      <MessagePage
        frame={frame}
        title="The form was not accepted"
        message={`${uiError.message}.`}
        advice="Go back, reload the page and send the form again from there."
      />
    );
    return renderPage(c, page, 403);
  }
  if (status === 403) {
    const policyPath = deniedPolicyPath(error, answer.detail);
    const explanation = await explainDenial(c, deps.authz, policyPath, deps.readableName);
    const denied = { ...frame, links: await siteLinks(c, deps.authz) };
    return renderPage(c, <DeniedPage frame={denied} explanation={explanation} />, 403);
  }
  const known = MESSAGES[status];
  const text = known ?? UNEXPECTED;
  const message = text.message || `${answer.detail}.`;
  const page = <MessagePage frame={frame} title={text.title} message={message} advice={text.advice} />;
  return renderPage(c, page, status);
}
