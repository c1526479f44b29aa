/**
 * `npm run bench -- app`: requests per second of the document application over HTTP on
 * 127.0.0.1, signed in as alice (real session, real PostgreSQL, embedded engine with its
 * directory in PostgreSQL, location service): `GET /api/documents/{id}` with the decision cache
 * off and on, and `GET /api/documents?limit=1000` listing 1,000 documents — alice's, whose ids are
 * consecutive, and bob's, whose ids alternate with charlie's documents — each beside the same
 * route with authorization switched off (same session middleware, same query, same JSON, no
 * middleware, guard or policy filter), measured side by side in interleaved rounds. CPU is shown
 * for this process (application and client) and for PostgreSQL, which shares the machine's cores:
 * a round of an authorized route ends once its access log entries are written, so the statements
 * a variant causes are counted in its own round. The tables are analyzed once seeded (as autovacuum
 * soon does in production), so PostgreSQL plans with statistics.
 *
 * `APP_BENCH_ROUTES=list npm run bench -- app` measures the list alone; with `APP_BENCH_PROFILE=1`
 * the list's authorized (cache off) and unauthorized variants are then CPU-profiled in turn and
 * the functions whose self time per list differs most are printed (what authorization adds).
 */
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { createAuth } from '../app/auth/index.ts';
import {
  connectDatabase,
  createRepositories,
  type Database,
  migrate,
  withTransaction,
} from '../app/db/index.ts';
import { documentCreated } from '../app/directory-sync/index.ts';
import { type AppEnv, createApp, documentJson, summaryJson } from '../app/http/index.ts';
import { createLocationClient } from '../app/location/index.ts';
import { type AuthorizationBackend, startEmbeddedAuthorization } from '../app/server/index.ts';
import { startTestStack, type TestStack } from '../test/support/dev-stack.ts';
import { type ServedApp, serveApp } from '../test/support/serve-app.ts';
import { signIn } from '../test/support/sign-in.ts';
import { checkedGet, type RetryCount } from './app-http-client.ts';
import { printSelfTimeGap, profiled } from './in-process-profile.ts';
import { printTable } from './measure.ts';
import { postgresCpuMs } from './process-cpu.ts';

const ROUNDS = 5;
const DOCUMENTS = 1_000;
const quiet = { warn: () => {}, error: () => {} };
const listOnly = process.env.APP_BENCH_ROUTES === 'list';
const profileList = process.env.APP_BENCH_PROFILE === '1';
const PROFILED_LISTS = 60;

interface Throughput {
  readonly perSecond: number;
  readonly cpuMicros: number;
  /** PostgreSQL's CPU per request (NaN where it cannot be read). */
  readonly postgresMicros: number;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/** A variant: its request, and what ends its round (the access log written). */
interface Variant {
  readonly send: () => Promise<void>;
  readonly settle: () => Promise<void>;
}

async function throughput(
  variant: Variant,
  count: number,
  concurrency: number,
  postgresDir: string,
): Promise<Throughput> {
  let left = count;
  const cpu = process.cpuUsage();
  const postgres = postgresCpuMs(postgresDir);
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await variant.send();
    }),
  );
  await variant.settle();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  const postgresUsed =
    postgres === undefined ? Number.NaN : (postgresCpuMs(postgresDir) ?? Number.NaN) - postgres;
  return {
    perSecond: count / seconds,
    cpuMicros: (used.user + used.system) / count,
    postgresMicros: (postgresUsed * 1000) / count,
  };
}

/** Runs the variants in interleaved rounds (rotating which goes first) and keeps the medians. */
async function interleaved(variants: readonly (() => Promise<Throughput>)[]): Promise<Throughput[]> {
  const samples: Throughput[][] = variants.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const index = (round + k) % variants.length;
      samples[index]!.push(await variants[index]!());
    }
  }
  return samples.map((xs) => ({
    perSecond: median(xs.map((x) => x.perSecond)),
    cpuMicros: median(xs.map((x) => x.cpuMicros)),
    postgresMicros: median(xs.map((x) => x.postgresMicros)),
  }));
}

/** The same two routes without any authorization: session middleware, query, JSON. */
function unauthorizedApp(sql: Database, auth: ReturnType<typeof createAuth>): OpenAPIHono<AppEnv> {
  const repos = createRepositories(sql);
  const app = new OpenAPIHono<AppEnv>();
  app.use('*', auth.session);
  app.get('/api/documents', async (c) => {
    const limit = Number(c.req.query('limit') ?? 100);
    const documents = await repos.documents.listAccessible({ userId: c.get('user')?.sub, limit });
    return c.json(documents.map(summaryJson));
  });
  app.get('/api/documents/:id', async (c) => {
    const document = await repos.documents.get(Number(c.req.param('id')));
    return document ? c.json(documentJson(document)) : c.json({ detail: 'Document not found' }, 404);
  });
  return app;
}

/** Runs the application benchmark and prints its figures. */
export async function run(): Promise<void> {
  const stack: TestStack = await startTestStack();
  const sql = await connectDatabase(stack.services.databaseUrl, { max: 20 });
  let backend: AuthorizationBackend | undefined;
  const served: ServedApp[] = [];
  const closers: (() => Promise<void>)[] = [];
  try {
    await migrate(sql);
    backend = await startEmbeddedAuthorization({ sql });
    const auth = createAuth({
      sql,
      ...stack.services.oidc,
      appBaseUrl: stack.appBaseUrl,
      sessionSecret: stack.services.sessionSecret,
      log: quiet,
    });
    const location = createLocationClient({ url: stack.services.locationServiceUrl });
    const build = (decisionCacheTtlSeconds: number) => {
      const documentApp = createApp({
        sql,
        decisionService: backend!.decisionService,
        directory: backend!.directory,
        graph: backend!.graph,
        policyPackages: backend!.policyPackages,
        auth,
        location,
        settings: { decisionCacheTtlSeconds },
        logger: quiet,
      });
      closers.push(() => documentApp.close());
      return documentApp;
    };
    const cacheOff = build(0);
    const cacheOn = build(3_600);
    // Sign in through the app on the port the provider redirects to.
    const entry = await serveApp(cacheOff.app, stack.appPort);
    served.push(entry);
    const alice = await signIn(stack.appBaseUrl, { username: 'alice', password: stack.password });
    const cookie = alice.browser.jar.header(new URL(stack.appBaseUrl)) ?? '';
    const aliceSub = stack.users.find((u) => u.username === 'alice')!.sub;

    const subOf = (username: string) => stack.users.find((u) => u.username === username)!.sub;
    const bob = await signIn(stack.appBaseUrl, { username: 'bob', password: stack.password });
    const bobCookie = bob.browser.jar.header(new URL(stack.appBaseUrl)) ?? '';
    await signIn(stack.appBaseUrl, { username: 'charlie', password: stack.password });
    // Alice's documents have consecutive ids; bob's alternate with charlie's, as documents of
    // several people created over the same days do.
    const owners = [
      ...Array.from({ length: DOCUMENTS }, () => aliceSub),
      ...Array.from({ length: DOCUMENTS }, () => [subOf('bob'), subOf('charlie')]).flat(),
    ];
    const seeded = await withTransaction(sql, async (tx) => {
      const ids: number[] = [];
      for (const [i, ownerId] of owners.entries()) {
        const document = await tx.documents.create({
          name: `Report ${i}`,
          content: 'x'.repeat(200),
          ownerId,
        });
        await tx.directoryOutbox.enqueue(documentCreated(document));
        ids.push(document.id);
      }
      return ids;
    });
    await cacheOff.relay.flush();
    // As autovacuum soon does in production: the planner decides with the tables' statistics.
    await sql`ANALYZE`;
    const docPath = `/api/documents/${seeded[0]}`;
    const listPath = `/api/documents?limit=${DOCUMENTS}`;

    const [onServer, offServer] = await Promise.all([
      serveApp(cacheOn.app, 0),
      serveApp(unauthorizedApp(sql, auth), 0),
    ]);
    served.push(onServer, offServer);
    const port = (s: ServedApp) => Number(new URL(s.url).port);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });

    const postgresDir = path.join(stack.settings.dataDir, 'postgres');
    // Each authorized round ends with its access log written; the unauthorized app writes none.
    const settles = [() => cacheOff.accessLog.flush(), () => cacheOn.accessLog.flush(), async () => {}];
    // GETs retried after a kept-alive connection was found closed, per server (`app-http-client.ts`).
    const retries: RetryCount[] = [{ retried: 0 }, { retried: 0 }, { retried: 0 }];
    const variants = (path: string, items?: number, as = cookie) =>
      [entry, onServer, offServer].map(
        (s, i): Variant => ({
          send: checkedGet({ port: port(s), path, cookie: as, agent, retries: retries[i]!, items }),
          settle: settles[i]!,
        }),
      );
    const variantsOne = variants(docPath);
    for (const v of variantsOne) await v.send();
    const [offOne, onOne, plainOne] = listOnly
      ? []
      : await interleaved(variantsOne.map((v) => () => throughput(v, 1_500, 8, postgresDir)));

    const variantsList = variants(listPath, DOCUMENTS);
    for (const v of variantsList) await v.send();
    const [offList, onList, plainList] = await interleaved(
      variantsList.map((v) => () => throughput(v, 40, 2, postgresDir)),
    );
    const variantsScattered = variants(listPath, DOCUMENTS, bobCookie);
    for (const v of variantsScattered) await v.send();
    const [offScattered, plainScattered] = await interleaved(
      [variantsScattered[0]!, variantsScattered[2]!].map((v) => () => throughput(v, 40, 2, postgresDir)),
    );
    if (profileList) {
      const [authorized, , plain] = variantsList;
      const profileFile = (name: string) => path.join(tmpdir(), `gatehouse-app-list-${name}.cpuprofile`);
      const times = (v: Variant, name: string) =>
        profiled(
          () => throughput(v, PROFILED_LISTS, 2, postgresDir).then(() => {}),
          PROFILED_LISTS,
          profileFile(name),
        );
      const authorizedTimes = await times(authorized!, 'authorized');
      const plainTimes = await times(plain!, 'plain');
      console.log(`\nProfiles: ${profileFile('authorized')}, ${profileFile('plain')}`);
      printSelfTimeGap(
        `list of ${DOCUMENTS}, cache off vs authorization off (self time)`,
        authorizedTimes,
        plainTimes,
      );
    }
    agent.destroy();

    const row = (route: string, authorized: Throughput, plain: Throughput) => ({
      route,
      'authorized (req/s)': Math.round(authorized.perSecond),
      'authorization off (req/s)': Math.round(plain.perSecond),
      ratio: (authorized.perSecond / plain.perSecond).toFixed(3),
      'CPU per request, this process (authorized / off)': `${(authorized.cpuMicros / 1000).toFixed(2)} / ${(plain.cpuMicros / 1000).toFixed(2)} ms`,
      'PostgreSQL (authorized / off)': `${(authorized.postgresMicros / 1000).toFixed(2)} / ${(plain.postgresMicros / 1000).toFixed(2)} ms`,
    });
    printTable(
      `app: HTTP on 127.0.0.1, signed in, embedded engine, medians of ${ROUNDS} interleaved rounds`,
      [
        ...(offOne && onOne && plainOne
          ? [
              row('GET /api/documents/{id}, decision cache off (8 conn.)', offOne, plainOne),
              row('GET /api/documents/{id}, decision cache on (8 conn.)', onOne, plainOne),
            ]
          : []),
        row(`GET /api/documents, ${DOCUMENTS} documents, cache off (2 conn.)`, offList!, plainList!),
        row(`GET /api/documents, ${DOCUMENTS} documents, cache on (2 conn.)`, onList!, plainList!),
        row(
          `GET /api/documents, ${DOCUMENTS} documents among another owner's, cache off (2 conn.)`,
          offScattered!,
          plainScattered!,
        ),
      ],
    );
    console.log(
      [
        '',
        'Authorized: session → route policy (middleware) → relationship guard → service (its own check is',
        'answered by the guard on the same request) → PostgreSQL; the list decides every document with',
        'one set question, webapp.check.allowed_object_ids (the directory loaded whole; each document still',
        "gets its decision, audit record and access log entry). Alice's documents have consecutive ids (read",
        'as ranges); bob\'s ("among another owner\'s") alternate with charlie\'s (read id by id). "Off": the same session middleware, query and',
        'JSON without any of it. CPU: this process (the application and the client share it), and',
        'PostgreSQL (same cores; its clock ticks are 10 ms, so a figure per request is ± 10 ms / requests',
        'per round); an authorized round ends once its access log entries are written.',
        `GETs sent again on a new connection after a kept-alive one was found closed by the server (once at most;`,
        `a second failure fails the benchmark): cache off ${retries[0]!.retried}, cache on ${retries[1]!.retried}, authorization off ${retries[2]!.retried}.`,
      ].join('\n'),
    );
  } finally {
    for (const close of closers) await close();
    for (const s of served) await s.close();
    await backend?.close();
    await sql.end({ timeout: 5 });
    await stack.stop();
  }
}
