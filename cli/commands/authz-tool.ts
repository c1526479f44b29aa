/**
 * `authz-tool`: the root command. Its sub-commands are the files beside this one. A name that is
 * no command is a usage error with exit code 2 (citty itself would exit 1).
 */
import { type CommandDef, defineCommand } from 'citty';
import { commandIo, runAction } from '../command-io.ts';
import { AuthzToolError } from '../errors.ts';
import { packageVersion } from '../package-version.ts';

/** The sub-commands, each loaded when it runs (a command pays only for what it imports). */
const COMMANDS: Record<string, () => Promise<CommandDef>> = {
  'generate-policies': () =>
    import('./generate-policies.ts').then((m) => m.generatePoliciesCommand as CommandDef),
  'policy-diff': () => import('./policy-diff.ts').then((m) => m.policyDiffCommand as CommandDef),
  'policy-map': () => import('./policy-map.ts').then((m) => m.policyMapCommand as CommandDef),
  eval: () => import('./eval.ts').then((m) => m.evalCommand as CommandDef),
  test: () => import('./test.ts').then((m) => m.testCommand as CommandDef),
  'check-manifest': () => import('./check-manifest.ts').then((m) => m.checkManifestCommand as CommandDef),
  'check-policies': () => import('./check-policies.ts').then((m) => m.checkPoliciesCommand as CommandDef),
};

const HINT = `commands: ${Object.keys(COMMANDS).join(', ')} (see authz-tool --help)`;

function unknownCommand(name: string): CommandDef {
  return defineCommand({
    meta: { name, description: `not an authz-tool command; ${HINT}`, hidden: true },
    run: ({ data }) =>
      runAction(commandIo(data), async () => {
        throw new AuthzToolError('usage', `unknown command "${name}"; ${HINT}`);
      }),
  });
}

// citty looks a sub-command up with `name in subCommands` and throws (exit 1) when it is absent;
// answering every name lets an unknown one report itself as a usage error (exit 2). Listing (the
// help) still sees only the real commands.
const subCommands = new Proxy(COMMANDS, {
  has: (_target, name) => typeof name === 'string' && name !== 'undefined',
  get: (target, name) =>
    typeof name !== 'string' ? undefined : Object.hasOwn(target, name) ? target[name] : unknownCommand(name),
});

/** The `authz-tool` command and its sub-commands. */
export const authzToolCommand = defineCommand({
  meta: {
    name: 'authz-tool',
    version: packageVersion(),
    description:
      'Gatehouse policy tooling: generate, diff and map Rego policies against the routes of a Hono app; evaluate and test policies with the embedded engine. Exit codes: 0 success, 1 a finding (differences, failed tests, invalid manifest), 2 usage error or unusable input, 3 internal error.',
  },
  subCommands,
  run({ rawArgs, data }) {
    // citty runs this after a sub-command too; only a bare `authz-tool` gets here without one.
    if (rawArgs.some((arg) => !arg.startsWith('-'))) return undefined;
    return runAction(commandIo(data), async () => {
      throw new AuthzToolError('usage', `missing command; ${HINT}`);
    });
  },
});
