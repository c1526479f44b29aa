/**
 * What `npm start` prints once everything is up: where each service is and who can sign in.
 */
import type { DevStack } from '../stack/index.ts';

/** The lines of the start-up banner. */
export function startupBanner(options: {
  readonly url: string;
  readonly stack: DevStack;
  readonly authorization: string;
  readonly password: string;
  readonly elapsedMs: number;
}): string {
  const { stack } = options;
  const service = (label: string, started: string | undefined, external: string) =>
    `  ${label.padEnd(18)} ${started ?? `${external} (external)`}`;
  const lines = [
    `Gatehouse is ready in ${(options.elapsedMs / 1000).toFixed(1)} s`,
    '',
    `  ${'Application'.padEnd(18)} ${options.url}   (sign in: ${options.url}/login, API: ${options.url}/openapi.json)`,
    service('OpenID provider', stack.started.oidcProvider, stack.services.oidc.issuer),
    service('Location service', stack.started.locationService, stack.services.locationServiceUrl),
    service('PostgreSQL', stack.started.postgres, 'DATABASE_URL'),
    `  ${'Authorization'.padEnd(18)} ${options.authorization}`,
  ];
  if (stack.users.length > 0) {
    lines.push(
      '',
      `  Test users (password: ${options.password === 'password' ? 'password' : 'DEV_USER_PASSWORD'}):`,
    );
    for (const user of stack.users) {
      const note = user.username === 'charlie' ? ' — located in a restricted country: denied everything' : '';
      lines.push(`    ${user.username.padEnd(8)} ${user.email}${note}`);
    }
  }
  lines.push('', 'Press Ctrl-C to stop.');
  return lines.join('\n');
}
