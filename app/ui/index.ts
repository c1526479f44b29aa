/**
 * @module app/ui
 * The server-rendered pages of the document application (`hono/jsx`, no scripts): the start page,
 * documents (view, create, edit, delete), folders, share management, and failure pages people
 * understand. Actions are offered from the permission query and the route policies; every form
 * goes through the same services as the JSON API and is protected by origin and a form token
 * bound to the session; every page answer carries a strict Content Security Policy.
 */
export type { FailureAnswer } from './failure-page.tsx';
export { FORM_TOKEN_FIELD } from './form-protection.ts';
export type { PageEnv } from './page-env.ts';
export { isPagePath } from './page-paths.ts';
export type { Pages, PagesOptions } from './pages.ts';
export { createPages } from './pages.ts';
export { crossOriginReason } from './request-origin.ts';
export type { UiErrorCode } from './ui-error.ts';
export { UiError } from './ui-error.ts';
