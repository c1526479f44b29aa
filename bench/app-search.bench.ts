/**
 * `npm run bench -- app-search`: one anonymous search over 40 public documents of 256 KB each, all
 * matching, over HTTP on 127.0.0.1 against the whole stack (PostgreSQL, embedded engine): the
 * first page (20 rows) and the last page (reached with `before`), each the median of 15 requests.
 * Marking matches in long texts (`ts_headline`) is the costly part; it is done for the rows a page
 * shows, not for the rows fetched only to find out whether a next or previous page exists.
 */
import { apiClient } from '../test/support/api-client.ts';
import { startTestApp } from '../test/support/test-app.ts';
import { printTable } from './measure.ts';

const DOCUMENTS = 40;
const DOCUMENT_BYTES = 256 * 1024;
const REQUESTS = 15;

/** About `bytes` of prose, the searched word in every paragraph. */
function longText(seed: number, bytes: number): string {
  const words = [
    'river',
    'budget',
    'north',
    'quarter',
    'zebra',
    'meeting',
    'plan',
    'figures',
    'travel',
    'notes',
  ];
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const sentence = `${words[(i * 7 + seed) % words.length]} ${words[(i * 3 + seed) % words.length]} item ${i}. `;
    parts.push(i % 40 === 39 ? `${sentence}\n\n` : sentence);
    size += sentence.length;
  }
  return parts.join('');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  const app = await startTestApp();
  try {
    const alice = apiClient(await app.signIn('alice'));
    for (let i = 0; i < DOCUMENTS; i++) {
      const res = await alice('POST', '/api/documents', {
        name: `Report ${i}`,
        content: longText(i, DOCUMENT_BYTES),
        is_public: true,
      });
      if (res.status !== 201) throw new Error(`creating document ${i}: ${res.status} ${res.text}`);
    }
    const anonymous = apiClient(app.url);
    const timed = async (path: string) => {
      const samples: number[] = [];
      let rows = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const res = await anonymous('GET', path);
        samples.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
        rows = res.body.items.length;
      }
      return { ms: median(samples), rows };
    };
    const first = await timed('/api/search?q=zebra&limit=20');
    const firstPage = await anonymous('GET', '/api/search?q=zebra&limit=20');
    const last = await timed(`/api/search?q=zebra&limit=20&after=${encodeURIComponent(firstPage.body.next)}`);
    printTable(
      `Anonymous search, ${DOCUMENTS} public documents of ${DOCUMENT_BYTES / 1024} KB, all matching`,
      [
        { page: 'first (20 rows)', 'rows shown': first.rows, 'median ms': Math.round(first.ms) },
        { page: 'second (20 rows)', 'rows shown': last.rows, 'median ms': Math.round(last.ms) },
      ],
    );
  } finally {
    await app.stop();
  }
}
