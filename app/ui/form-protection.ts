/**
 * Protection of every state-changing page request (any method but GET, HEAD and OPTIONS), before
 * authorization and before any handler: the body is bounded, it must be a form (URL-encoded; a
 * `multipart/form-data` upload on a document's files page only), it must come from
 * the application's own origin (`Origin`, else `Sec-Fetch-Site` when the browser sends it), and it
 * must carry the session's form token in `_csrf`. A request without a session is refused like any
 * other unauthorized one (the error page then asks the person to sign in).
 *
 * One exception keeps people's work: a document form whose token is stale (the person signed in
 * again since the page was opened), proven same-site by its `Origin` and carrying the signed-in
 * user's own mark, is passed on flagged `staleForm` — its page then shows it again with what was
 * typed and a fresh token, and changes nothing.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { FormTokens } from './csrf-token.ts';
import type { PageEnv } from './page-env.ts';
import { isPagePath } from './page-paths.ts';
import { crossOriginReason } from './request-origin.ts';
import { UiError, type UiErrorCode } from './ui-error.ts';

/** Name of the hidden form field that carries the form token. */
export const FORM_TOKEN_FIELD = '_csrf';

/** Name of the hidden field of document forms that carries the user's mark. */
export const FORM_USER_FIELD = '_form_user';

/** The forms shown again when their token is stale: creating and editing a document. */
const RESUMABLE_FORM = /^\/documents\/(?:new|[1-9]\d*\/edit)$/;

/** The forms that upload files (`multipart/form-data`): a document's files page. */
const UPLOAD_FORM = /^\/documents\/[1-9]\d*\/files$/;
const UPLOAD_TYPE = 'multipart/form-data';

/** Largest form body accepted (a 1 MiB document, percent-encoded, fits). */
export const MAX_FORM_BYTES = 8 * 1_048_576;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** What {@link protectForms} checks against. */
export interface FormProtectionOptions {
  readonly tokens: FormTokens;
  /** The origin browsers use for the application (`APP_BASE_URL`'s origin). */
  readonly appOrigin: string;
}

function refuse(status: 403 | 415, code: UiErrorCode, message: string): never {
  throw new HTTPException(status, { message, cause: new UiError(code, message) });
}

/**
 * The middleware; mount it on every path before the authorization middleware.
 *
 * @example
 * app.use('*', protectForms({ tokens: createFormTokens(secret), appOrigin: 'http://127.0.0.1:8000' }));
 */
export function protectForms(options: FormProtectionOptions): MiddlewareHandler<PageEnv> {
  const own = new URL(options.appOrigin).origin;
  const limit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: () => {
      throw new HTTPException(413, { message: `The form is larger than ${MAX_FORM_BYTES} bytes` });
    },
  });
  return async function protectForm(c, next) {
    if (SAFE_METHODS.has(c.req.method) || !isPagePath(c.req.path)) return next();
    const reason = crossOriginReason(c.req.header('origin'), c.req.header('sec-fetch-site'), own);
    if (reason) refuse(403, 'cross_origin_form', `The form was not sent from this site (${reason})`);
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    const accepted = type === FORM_TYPE || (type === UPLOAD_TYPE && UPLOAD_FORM.test(c.req.path));
    if (!accepted) refuse(415, 'not_a_form', 'The request is not a form submission');
    return limit(c, async () => {
      const body = await c.req.parseBody();
      const session = c.get('session');
      if (!session || !options.tokens.verify(session.tokenHash, body[FORM_TOKEN_FIELD])) {
        const user = c.get('user');
        const resumable =
          session &&
          user &&
          c.req.header('origin') === own &&
          RESUMABLE_FORM.test(c.req.path) &&
          options.tokens.verifyUserMark(user.sub, body[FORM_USER_FIELD]);
        if (!resumable) {
          refuse(403, 'form_token_invalid', 'The form could not be verified: it has expired or was forged');
        }
        c.set('staleForm', true);
      }
      await next();
    });
  };
}
