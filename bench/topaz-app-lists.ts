/**
 * `npm run bench -- topaz`, part (c): listings of 2,000 readable documents through the
 * application on a real Topaz, over HTTP as a browser's script asks them (`GET /api/documents`,
 * pages of 1,000): a fresh Topaz and application, 1,000 documents reached through a folder share
 * and 1,000 shared directly, then listings one after another — the first is the first after
 * start. Production settings (the 1,000 ms deadline, the pool of 10). Each listing's time, status
 * and completeness with the load average at that moment, then the median.
 */
import { apiClient } from '../test/support/api-client.ts';
import { listAllDocuments, loadReadableDocuments } from '../test/support/readable-documents.ts';
import { startTopazTestApp } from '../test/support/topaz-app.ts';
import { printTable } from './measure.ts';
import { loadNow, median, range } from './rounds.ts';

const READABLE = 2_000;
/** `TOPAZ_BENCH_TIMEOUT_MS` runs the application with another deadline than the default. */
const TIMEOUT_MS = process.env.TOPAZ_BENCH_TIMEOUT_MS
  ? Number(process.env.TOPAZ_BENCH_TIMEOUT_MS)
  : undefined;
const LISTINGS = 11;

/** Runs the listings and prints their figures. */
export async function listingsOnTopaz(): Promise<void> {
  const app = await startTopazTestApp(TIMEOUT_MS ? { topaz: { timeoutMs: TIMEOUT_MS } } : {});
  try {
    const alice = apiClient(await app.signIn('alice'));
    const bob = apiClient(await app.signIn('bob'));
    const { inFolder, sharedDirectly } = await loadReadableDocuments(app, alice, READABLE);
    const expected = inFolder.length + sharedDirectly.length;
    const rows: Record<string, string>[] = [];
    const complete: number[] = [];
    for (let listing = 1; listing <= LISTINGS; listing++) {
      const started = performance.now();
      const listed = await listAllDocuments(bob);
      const ms = performance.now() - started;
      const ok = listed.failure === undefined && listed.ids.length === expected;
      if (ok) complete.push(ms);
      rows.push({
        listing: listing === 1 ? '1 (first after start)' : String(listing),
        time: `${ms.toFixed(0)} ms`,
        statuses: listed.statuses.join(' '),
        listed: listed.ids.length.toLocaleString('en'),
        load: loadNow().toFixed(1),
      });
    }
    printTable(
      `topaz (c): bob lists his ${READABLE.toLocaleString('en')} readable documents through the application on Topaz (GET /api/documents, pages of 1,000; ${TIMEOUT_MS ? `deadline ${TIMEOUT_MS} ms` : 'default deadline'} and pool)`,
      rows,
    );
    const p50 = complete.length > 0 ? median(complete) : Number.NaN;
    console.log(
      `listings of ${READABLE.toLocaleString('en')}: ${complete.length} of ${LISTINGS} answered 200 and complete; ` +
        `p50 ${p50.toFixed(0)} ms, rounds ${range(complete, (x) => `${x.toFixed(0)} ms`)} (goal ≤ 1,000 ms on a quiet machine) — ` +
        `${p50 <= 1_000 ? 'met' : 'not met'}; load ${range(
          rows.map((r) => Number(r.load)),
          (x) => x.toFixed(1),
        )}`,
    );
    // What a refused page met (the application's own warnings and errors), each once.
    const causes = [...new Set(app.logs.map((l) => `${l.level}: ${l.message.slice(0, 240)}`))].slice(0, 5);
    for (const cause of causes) console.log(`  ${cause}`);
  } finally {
    await app.stop();
  }
}
