/**
 * `authz-tool serve`: the embedded engine behind the Topaz-compatible server — authorizer gRPC,
 * its REST gateway and the directory — so that Topaz clients (the Topaz adapter, the app with
 * `TOPAZ_URL`) work against local policies. Stops cleanly on SIGINT or SIGTERM.
 */
import path from 'node:path';
import { defineCommand } from 'citty';
import { startTopazCompatibleServer, type TopazCompatibleServer } from '../../engine/server/index.ts';
import {
  checkUsage,
  choiceOption,
  portOption,
  REGO_VERSION_ARG,
  requiredOption,
  stringOption,
} from '../command-args.ts';
import { type CommandIo, commandIo, runAction, type ServeUrls } from '../command-io.ts';
import { type EngineSession, openEngineSession } from '../engine-session.ts';
import { EXIT_CODES, type ExitCode } from '../exit-codes.ts';
import { exposureWarning, readServeApiKeys } from '../serve-api-keys.ts';
import { placeCaCertificate, readServeTls } from '../serve-tls.ts';
import { counted, textTable } from '../text-table.ts';

const args = {
  policies: {
    type: 'string',
    valueHint: 'dir',
    description: '(required) the policy directory (every *.rego below it except *_test.rego)',
  },
  manifest: {
    type: 'string',
    valueHint: 'file',
    description:
      'the directory manifest (default: <policies>/manifest.yaml when present, else an empty model)',
  },
  relations: {
    type: 'string',
    valueHint: 'file',
    description:
      'directory contents to start with, JSON or YAML ({ objects, relations }, Topaz import shape); clients may write more through the directory API (kept in memory only)',
  },
  host: {
    type: 'string',
    valueHint: 'address',
    default: '127.0.0.1',
    description:
      'address to listen on (0.0.0.0 exposes the server; the generated certificate names only localhost, 127.0.0.1 and ::1)',
  },
  'authorizer-port': {
    type: 'string',
    valueHint: 'port',
    default: '8282',
    description: 'authorizer gRPC port (0: a free port)',
  },
  'gateway-port': {
    type: 'string',
    valueHint: 'port',
    default: '8383',
    description: 'authorizer REST gateway port (0: a free port)',
  },
  'directory-port': {
    type: 'string',
    valueHint: 'port',
    default: '9292',
    description: 'directory reader/writer/model gRPC port (0: a free port)',
  },
  cert: {
    type: 'string',
    valueHint: 'file',
    description: 'PEM certificate to serve with (with --key; default: a generated self-signed certificate)',
  },
  key: { type: 'string', valueHint: 'file', description: 'PEM private key of --cert' },
  ca: {
    type: 'string',
    valueHint: 'file',
    description: 'PEM certificate of the CA that issued --cert, when it is not self-signed',
  },
  'ca-out': {
    type: 'string',
    valueHint: 'file',
    description:
      'write the certificate clients must trust here (default: the --ca or --cert file; for a generated certificate, a temporary file removed at stop)',
  },
  'api-keys-file': {
    type: 'string',
    valueHint: 'file',
    description:
      "require an API key on every call, as Topaz's auth section does: a file with one key per line (# comments); clients send authorization: basic <key> (the adapter's apiKey, the app's TOPAZ_API_KEY)",
  },
  watch: { type: 'boolean', description: 'reload the policies when a file below --policies changes' },
  ...REGO_VERSION_ARG,
} as const;

function stopRequested(io: CommandIo): Promise<string> {
  const signal = io.data.signal;
  if (signal) {
    return new Promise((resolve) => {
      if (signal.aborted) resolve('stop requested');
      else signal.addEventListener('abort', () => resolve('stop requested'), { once: true });
    });
  }
  return new Promise((resolve) => {
    const stop = (name: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(name);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function announce(io: CommandIo, session: EngineSession, policiesDir: string, urls: ServeUrls): void {
  const manifest = session.manifestFile ? io.shown(session.manifestFile) : 'none (empty model)';
  io.out(
    `Topaz-compatible server for ${io.shown(policiesDir)}: ${counted(session.service.packages.length, 'policy package')}, manifest ${manifest}\n`,
  );
  const rows = [
    ['authorizer (gRPC)', urls.authorizerUrl],
    ['REST gateway', urls.restUrl],
    ['directory (gRPC)', urls.directoryUrl],
    ['CA certificate', urls.caFile],
  ];
  io.out(`${textTable(['Service', 'Address'], rows)}\nPress Ctrl+C to stop.\n`);
}

async function runServe(io: CommandIo, values: Record<string, unknown>): Promise<ExitCode> {
  const resolve = (file: string | undefined) => file && path.resolve(io.cwd, file);
  const policiesDir = path.resolve(io.cwd, requiredOption(values, 'policies', '<dir>'));
  const ports = {
    authorizer: portOption(values, 'authorizer-port'),
    gateway: portOption(values, 'gateway-port'),
    directory: portOption(values, 'directory-port'),
  };
  const host = requiredOption(values, 'host', '<address>');
  const files = {
    cert: resolve(stringOption(values, 'cert')),
    key: resolve(stringOption(values, 'key')),
    ca: resolve(stringOption(values, 'ca')),
  };
  const caOut = resolve(stringOption(values, 'ca-out'));
  const tls = await readServeTls(files);
  const apiKeysFile = resolve(stringOption(values, 'api-keys-file'));
  const apiKeys = apiKeysFile ? await readServeApiKeys(apiKeysFile) : [];
  const watch = values.watch === true;
  const session = await openEngineSession({
    policiesDir,
    manifestFile: resolve(stringOption(values, 'manifest')),
    relationsFile: resolve(stringOption(values, 'relations')),
    regoVersion: choiceOption(values, 'rego-version', ['v0', 'v1'] as const),
    shown: io.shown,
    watch,
    logger: io.logger,
    onReload: (event) => {
      if (event.ok) io.logger.success(`policies reloaded: ${counted(event.packages.length, 'package')}`);
    },
  });
  let server: TopazCompatibleServer | undefined;
  try {
    server = await startTopazCompatibleServer({
      decisionService: session.service,
      relationDirectory: session.store,
      policyCatalog: session.service,
      queryEvaluator: session.service,
      manifestStore: session.service,
      host,
      ports,
      ...(tls ? { tls } : {}),
      apiKeys,
    });
    const ca = await placeCaCertificate(server.caCert, { caOut, caFile: files.ca ?? files.cert });
    try {
      const urls: ServeUrls = {
        authorizerUrl: server.authorizerUrl,
        restUrl: server.restUrl,
        directoryUrl: server.directoryUrl,
        caFile: ca.file,
      };
      announce(io, session, policiesDir, urls);
      if (apiKeys.length > 0) io.logger.info(`API key required (${counted(apiKeys.length, 'key')} accepted)`);
      const exposed = exposureWarning(host, apiKeys);
      if (exposed) io.logger.warn(exposed);
      if (watch) io.logger.info('watching the policies for changes');
      io.data.onListening?.(urls);
      const reason = await stopRequested(io);
      io.logger.info(`${reason}: stopping`);
    } finally {
      await ca.remove();
    }
  } finally {
    await server?.close();
    await session.close();
  }
  io.logger.success('stopped');
  return EXIT_CODES.ok;
}

/** `authz-tool serve`. */
export const serveCommand = defineCommand({
  meta: {
    name: 'serve',
    description:
      "Serve local policies with the embedded engine over Topaz's APIs (TLS): authorizer gRPC (Is, DecisionTree, Query, ListPolicies, Info), its REST gateway (/api/v2/authz/is, …) and the directory reader/writer/model, so that Topaz clients work against them unchanged. Prints the addresses and the CA certificate file; stops on SIGINT or SIGTERM. Exit codes: 0 stopped cleanly, 2 usage error, a port in use, or policies the engine refuses.",
  },
  args,
  run({ args: values, rawArgs, data }) {
    const io = commandIo(data);
    return runAction(io, () => {
      checkUsage('serve', rawArgs, args, values._);
      return runServe(io, values);
    });
  },
});
