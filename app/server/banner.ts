/**
 * What `npm start` prints once everything is up: where each service is and who can sign in.
 */
import type { CompanionService, DevStack } from '../stack/index.ts';

/** The lines of the start-up banner. */
export function startupBanner(options: {
  readonly url: string;
  readonly stack: DevStack;
  readonly authorization: string;
  readonly password: string;
  readonly elapsedMs: number;
  /** Services started for this run before the application (a line each; one of a stack label replaces it). */
  readonly companions?: readonly CompanionService[];
}): string {
  const { stack } = options;
  const companions = options.companions ?? [];
  const line = (label: string, text: string) => `  ${label.padEnd(18)} ${text}`;
  const service = (label: string, started: string | undefined, external: string) => {
    const companion = companions.find((c) => c.label === label);
    return line(label, companion?.description ?? started ?? `${external} (external)`);
  };
  const stackLabels = ['OpenID provider', 'Location service', 'PostgreSQL'];
  const lines = [
    `Gatehouse is ready in ${(options.elapsedMs / 1000).toFixed(1)} s`,
    '',
    line('Application', `${options.url}   (sign in: ${options.url}/login, API: ${options.url}/openapi.json)`),
    service('OpenID provider', stack.started.oidcProvider, stack.services.oidc.issuer),
    service('Location service', stack.started.locationService, stack.services.locationServiceUrl),
    service('PostgreSQL', stack.started.postgres, 'DATABASE_URL'),
    ...companions.filter((c) => !stackLabels.includes(c.label)).map((c) => line(c.label, c.description)),
    line('Authorization', options.authorization),
  ];
  const users = stack.users.length > 0 ? stack.users : companions.flatMap((c) => c.users ?? []);
  if (users.length > 0) {
    lines.push(
      '',
      `  Test users (password: ${options.password === 'password' ? 'password' : 'DEV_USER_PASSWORD'}):`,
    );
    for (const user of users) {
      const note = user.username === 'charlie' ? ' — located in a restricted country: denied everything' : '';
      lines.push(`    ${user.username.padEnd(8)} ${user.email}${note}`);
    }
  }
  lines.push('', 'Press Ctrl-C to stop.');
  return lines.join('\n');
}
