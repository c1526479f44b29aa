/**
 * Credentials come only from the environment, never from `mkdocs.yml` or flags:
 * `WIKI_USERNAME` + `WIKI_API_TOKEN` (Basic, Atlassian API token) or `WIKI_BEARER_TOKEN` (OAuth).
 */
import { PublishError } from '../errors.ts';

/** Credentials for the wiki. */
export type Credentials =
  | { readonly kind: 'basic'; readonly username: string; readonly token: string }
  | { readonly kind: 'bearer'; readonly token: string };

/** The environment variables read for credentials. */
export const CREDENTIAL_VARIABLES = Object.freeze({
  username: 'WIKI_USERNAME',
  apiToken: 'WIKI_API_TOKEN',
  bearerToken: 'WIKI_BEARER_TOKEN',
});

function read(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = env[name];
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new PublishError('credentials_missing', `${name} is set but empty`);
  return value.trim();
}

/**
 * Reads the credentials from the environment; a missing, partial or ambiguous set is an error
 * naming the variables to set.
 *
 * @example
 * credentialsFromEnv({ WIKI_USERNAME: 'me@example.com', WIKI_API_TOKEN: 't' }).kind; // 'basic'
 */
export function credentialsFromEnv(env: Readonly<Record<string, string | undefined>>): Credentials {
  const { username: userVar, apiToken: tokenVar, bearerToken: bearerVar } = CREDENTIAL_VARIABLES;
  const username = read(env, userVar);
  const token = read(env, tokenVar);
  const bearer = read(env, bearerVar);
  if (bearer && (username || token)) {
    throw new PublishError(
      'credentials_missing',
      `set either ${bearerVar} or ${userVar} + ${tokenVar}, not both`,
    );
  }
  if (bearer) return { kind: 'bearer', token: bearer };
  if (username && token) return { kind: 'basic', username, token };
  if (username) throw new PublishError('credentials_missing', `${userVar} is set but ${tokenVar} is not`);
  if (token) throw new PublishError('credentials_missing', `${tokenVar} is set but ${userVar} is not`);
  throw new PublishError(
    'credentials_missing',
    `no wiki credentials: set ${userVar} and ${tokenVar} (API token), or ${bearerVar} (OAuth) — or use --dry-run`,
  );
}

/** The `Authorization` header value for the credentials. */
export function authorizationHeader(credentials: Credentials): string {
  if (credentials.kind === 'bearer') return `Bearer ${credentials.token}`;
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.token}`, 'utf8').toString('base64')}`;
}
