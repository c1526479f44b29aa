/**
 * `npm run bench -- access-log-store`: PostgreSQL's CPU for the access log, the way the application
 * writes and reads it, in two databases of one server side by side: the storage before migration
 * 15 (a row per decision, B-tree indexes on id, document and id, decision time) and the runs of
 * now (a row per run of a request's decisions, document ids and outcomes in arrays, GIN index),
 * through the application's repository. Each holds PREFILL entries (lists of 1,000 documents, one
 * person in 97 denied) before lists of 1,000 decisions are written (two statements of 500, as the
 * sink batches them) in interleaved rounds, then the read API's queries run on each.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AccessLogEntry,
  connectDatabase,
  createRepositories,
  type Database,
  MIGRATIONS,
  migrate,
} from '../app/db/index.ts';
import { startEmbeddedPostgres } from '../app/stack/index.ts';
import { freePort } from '../test/support/free-port.ts';
import { printTable } from './measure.ts';
import { postgresCpuMs } from './process-cpu.ts';
import { machineLine, median } from './rounds.ts';

const PREFILL = Number(process.env.ACCESS_LOG_PREFILL ?? 300_000);
const DOCUMENTS = 1000;
const ROUNDS = 5;
const LISTS_PER_ROUND = 20;
const READS = 100;
const REASON = 'webapp.check decided by the decision service';

/** One storage: its writes and the read API's page query. */
interface Store {
  readonly append: (entries: readonly AccessLogEntry[]) => Promise<void>;
  readonly page: (
    documentId: number,
    limit: number,
    filter: { allowed?: boolean; userId?: string },
  ) => PromiseLike<readonly unknown[]>;
}

/** The statements of the repository before migration 15 (one row per decision). */
function rowPerDecision(sql: Database): Store {
  return {
    append: async (entries) => {
      const rows = entries.map((e) => [
        e.documentId,
        e.userId,
        e.action,
        e.allowed,
        e.reason,
        e.method,
        e.path,
        e.decidedAt.toISOString(),
      ]);
      await sql`INSERT INTO access_log (document_id, user_id, action, allowed, reason, method, path, decided_at)
        SELECT (r->>0)::int, r->>1, r->>2, (r->>3)::bool, r->>4, r->>5, r->>6, (r->>7)::timestamptz
        FROM jsonb_array_elements(${sql.json(rows)}) WITH ORDINALITY AS e(r, n) ORDER BY n`;
    },
    page: (documentId, limit, filter) => sql`
      SELECT l.id, l.document_id, l.user_id, u.email, l.action, l.allowed, l.reason, l.method, l.path, l.decided_at
      FROM access_log l LEFT JOIN users u ON u.id = l.user_id
      WHERE l.document_id = ${documentId}
        ${filter.allowed === undefined ? sql`` : sql`AND l.allowed = ${filter.allowed}`}
        ${filter.userId === undefined ? sql`` : sql`AND l.user_id = ${filter.userId}`}
      ORDER BY l.id DESC LIMIT ${limit}`,
  };
}

/** The application's repository (runs). */
function runs(sql: Database): Store {
  const repository = createRepositories(sql).accessLog;
  return {
    append: (entries) => repository.append(entries),
    page: (documentId, limit, filter) => repository.page({ documentId, limit, ...filter }),
  };
}

const users = (sql: Database) =>
  sql`INSERT INTO users (id, email, name) SELECT 'user-' || g, 'u' || g || '@example.com', 'U' || g FROM generate_series(0, 99) g`;

/** PREFILL entries as lists of 1,000 documents, by SQL, in each storage's own shape. */
const prefill = {
  before: (sql: Database) => sql`
    INSERT INTO access_log (document_id, user_id, action, allowed, reason, method, path, decided_at)
    SELECT 1 + g % ${DOCUMENTS}, 'user-' || (g / ${DOCUMENTS}) % 100, 'can_read', g % 97 <> 0, ${REASON},
      'GET', '/api/documents', now() - interval '1 second' * (${PREFILL} - g) / 100
    FROM generate_series(0, ${PREFILL - 1}) g`,
  now: (sql: Database) => sql`
    INSERT INTO access_log_runs (user_id, action, reason, method, path, decided_at, document_ids, allowed)
    SELECT 'user-' || l % 100, 'can_read', ${REASON}, 'GET', '/api/documents',
      now() - interval '10 seconds' * (${PREFILL / DOCUMENTS} - l),
      (SELECT array_agg(1 + d ORDER BY d) FROM generate_series(0, ${DOCUMENTS - 1}) d),
      (SELECT array_agg((l * ${DOCUMENTS} + d) % 97 <> 0 ORDER BY d) FROM generate_series(0, ${DOCUMENTS - 1}) d)
    FROM generate_series(0, ${PREFILL / DOCUMENTS - 1}) l`,
};

function list(l: number): AccessLogEntry[] {
  const decidedAt = new Date();
  return Array.from({ length: DOCUMENTS }, (_, d) => ({
    documentId: d + 1,
    userId: `user-${l % 100}`,
    action: 'can_read',
    allowed: (l * DOCUMENTS + d) % 97 !== 0,
    reason: REASON,
    method: 'GET',
    path: '/api/documents',
    decidedAt,
  }));
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'gatehouse-bench-log-'));
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
  const pools: Database[] = [];
  try {
    const cpu = () => postgresCpuMs(dataDir) ?? Number.NaN;
    const open = async (name: string, migrations: typeof MIGRATIONS) => {
      const sql = await connectDatabase(await server.database(name), { max: 2 });
      pools.push(sql);
      await migrate(sql, migrations);
      await users(sql);
      return sql;
    };
    const before = await open(
      'before',
      MIGRATIONS.filter((m) => m.version < 15),
    );
    const now = await open('now', MIGRATIONS);
    await prefill.before(before);
    await prefill.now(now);
    for (const sql of [before, now]) await sql`VACUUM ANALYZE`;
    const stores = [
      { name: 'a row per decision, 3 B-tree indexes (before)', sql: before, store: rowPerDecision(before) },
      { name: 'a run per request, arrays + GIN (now)', sql: now, store: runs(now) },
    ];
    const writes: number[][] = stores.map(() => []);
    let l = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < stores.length; k++) {
        const i = (round + k) % stores.length;
        const { store } = stores[i]!;
        const start = cpu();
        for (let n = 0; n < LISTS_PER_ROUND; n++) {
          const entries = list(l++);
          await store.append(entries.slice(0, 500));
          await store.append(entries.slice(500));
        }
        writes[i]!.push((cpu() - start) / LISTS_PER_ROUND);
      }
    }
    const read = async (store: Store, limit: number, filter: { allowed?: boolean; userId?: string }) => {
      const start = cpu();
      for (let n = 0; n < READS; n++) await store.page(1 + ((n * 37) % DOCUMENTS), limit, filter);
      return ((cpu() - start) / READS).toFixed(2);
    };
    const rows = [];
    for (const [i, { name, store }] of stores.entries()) {
      rows.push({
        storage: name,
        'write 1,000 entries (ms)': median(writes[i]!).toFixed(2),
        'page of 50 (ms)': await read(store, 50, {}),
        'page of 500 (ms)': await read(store, 500, {}),
        'denied, 50 (ms)': await read(store, 50, { allowed: false }),
        'one person, 50 (ms)': await read(store, 50, { userId: 'user-7' }),
      });
    }
    printTable(
      `access-log-store: PostgreSQL CPU, ${PREFILL.toLocaleString('en')} entries stored, medians of ${ROUNDS} interleaved rounds of ${LISTS_PER_ROUND} lists`,
      rows,
    );
    console.log(`\nReads: ${READS} pages over different documents, mean. ${machineLine()}.`);
  } finally {
    for (const sql of pools) await sql.end({ timeout: 5 });
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}
