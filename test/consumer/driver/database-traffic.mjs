// Database traffic in a user's project: eight workers writing in transactions and through the
// engine's PostgreSQL relation store (which also LISTENs), until stdin closes. A progress line
// `{"ok":…,"failed":…}` every 100 ms; on stdin's end: stop, close, exit 0. The client comes from
// `@gatehousejs/engine/postgres`, or with DRIVER=registry from the `postgres` package itself.
import { parseManifest } from '@gatehousejs/engine';
import { createPostgresRelationStore, postgres as enginePostgres } from '@gatehousejs/engine/postgres';

const driver = process.env.DRIVER === 'registry' ? (await import('postgres')).default : enginePostgres;
const sql = driver(process.env.DATABASE_URL, { max: 4, backoff: () => 0.25, onnotice: () => {} });
const manifest = parseManifest(
  'model: {version: 3}\ntypes:\n  user: {}\n  document:\n    relations:\n      owner: user\n    permissions:\n      can_read: owner\n',
  'traffic.yaml',
);
const store = await createPostgresRelationStore({ manifest, sql, schema: 'traffic' });
await sql.listen('traffic', () => {});

const counts = { ok: 0, failed: 0 };
let stopping = false;
let next = 0;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function worker() {
  while (!stopping) {
    const id = `d${next++}`;
    try {
      await sql.begin(async (tx) => {
        await tx`SELECT pg_sleep(0.002)`;
        await tx`SELECT ${id}::text`;
      });
      await store.setRelation({
        objectType: 'document',
        objectId: id,
        relation: 'owner',
        subjectType: 'user',
        subjectId: 'ann',
      });
      counts.ok += 1;
    } catch {
      counts.failed += 1;
      await pause(50);
    }
  }
}

const workers = Array.from({ length: 8 }, worker);
const progress = setInterval(() => console.log(JSON.stringify(counts)), 100);
process.stdin.resume();
process.stdin.on('end', async () => {
  stopping = true;
  await Promise.all(workers);
  clearInterval(progress);
  await store.close();
  await sql.end({ timeout: 5 });
  console.log(JSON.stringify({ ...counts, done: true }));
});
