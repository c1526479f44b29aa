/**
 * `npm run bench -- publisher`: conversion speed on 1,000 generated pages side by side with
 * `marked` on the same text (pages/s, the ratio, peak memory), and the API calls a build makes against the emulated Confluence — first publish, unchanged
 * republish (the figure that matters: calls per page), and a republish with one page changed.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { convertMarkdown } from '@gatehousejs/wiki-publish';
import { marked } from 'marked';
import {
  generatedPage,
  generatedPagePath,
  startScenario,
  writeGeneratedSite,
} from '../publisher/testing/index.ts';
import { formatDuration, measure, printTable } from './measure.ts';

const TOTAL = 1_000;

async function conversion(): Promise<void> {
  const pages = Array.from({ length: TOTAL }, (_, n) => generatedPage(n, TOTAL));
  const pageTitles = Object.fromEntries(pages.map((_, n) => [generatedPagePath(n), `Page ${n}`]));
  const files = Array.from({ length: 50 }, (_, image) => `images/diagram-${image}.png`);
  const convert = (n: number) =>
    convertMarkdown(pages[n] ?? '', { sourcePath: generatedPagePath(n), pageTitles, files });
  let next = 0;
  const one = await measure('one page', () => convert(next++ % TOTAL), {
    batch: 100,
    samples: 30,
    warmup: 300,
  });
  const convertAll = () => {
    for (let n = 0; n < TOTAL; n++) convert(n);
  };
  const all = await measure('1,000 pages', convertAll, { batch: 1, samples: 5, warmup: 1 });
  const markedAll = await measure(
    'marked, 1,000 pages',
    () => {
      for (const page of pages) marked.parse(page, { async: false });
    },
    { batch: 1, samples: 5, warmup: 1 },
  );
  printTable('wiki-publish: Markdown → storage format (convertMarkdown, 1,000 generated pages)', [
    {
      run: 'one page (median)',
      time: formatDuration(one.medianNs),
      p99: formatDuration(one.p99Ns),
      'pages/s': Math.round(one.opsPerSecond),
    },
    {
      run: '1,000 pages',
      time: formatDuration(all.medianNs),
      p99: formatDuration(all.p99Ns),
      'pages/s': Math.round((TOTAL * 1e9) / all.medianNs),
    },
    {
      run: 'marked.parse, the same 1,000 pages',
      time: formatDuration(markedAll.medianNs),
      p99: formatDuration(markedAll.p99Ns),
      'pages/s': Math.round((TOTAL * 1e9) / markedAll.medianNs),
    },
  ]);
  console.log(
    `ratio to marked: ${(all.medianNs / markedAll.medianNs).toFixed(2)}×; peak memory (RSS) so far: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
}

async function apiCalls(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'wiki-bench-'));
  await writeGeneratedSite(root, TOTAL);
  const scenario = await startScenario({ fixture: root });
  try {
    const site = path.join(scenario.siteDir, 'docs');
    const rows: Record<string, string | number>[] = [];
    const build = async (name: string) => {
      scenario.emulator.clearRequests();
      const started = process.hrtime.bigint();
      const report = await scenario.publish({ site, parentPageName: 'Handbook', concurrency: 8 });
      const ns = Number(process.hrtime.bigint() - started);
      const calls = scenario.emulator.requests.length;
      rows.push({
        build: name,
        pages: report.pages.total,
        reads: report.apiCalls.reads,
        writes: report.apiCalls.writes,
        'calls/page': (calls / report.pages.total).toFixed(3),
        time: formatDuration(ns),
      });
    };
    await build('first publish');
    await build('unchanged republish');
    const file = path.join(site, generatedPagePath(500));
    await writeFile(file, `${await readFile(file, 'utf8')}\nOne more line.\n`);
    await build('one page changed');
    printTable(
      `wiki-publish: API calls against the emulated Confluence (${TOTAL} pages + 10 section pages, one image attachment per page)`,
      rows,
    );
  } finally {
    await scenario.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** Runs the publisher benchmarks. */
export async function run(): Promise<void> {
  await conversion();
  await apiCalls();
}
