/**
 * `npm run bench -- publisher-corpus`: conversion speed on the largest real site of the MkDocs
 * corpus (pymdown-extensions' documentation, from its source distribution, installed by
 * `test/peers/mkdocs.sh`) with the site's own markdown_extensions, side by side with markdown-it
 * with the same plugins (the parser wiki-publish is built on, rendering HTML) and with `marked` on
 * the same files: pages/s, the ratios, peak memory. Rounds are interleaved so that a load change
 * on the machine hits all three alike; medians and ranges are printed.
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { convertMarkdown, createSiteMarkdown } from '@gatehousejs/wiki-publish';
import { marked } from 'marked';
import { loadSiteFile } from '../publisher/settings/site-file.ts';
import { listDocsFiles } from '../publisher/site/docs-files.ts';
import { ensurePeer } from '../test/support/peers.ts';
import { formatDuration, printTable } from './measure.ts';
import { mainThreadCpuMs } from './process-cpu.ts';

const SITE = 'pymdown-extensions';
const ROUNDS = 9;
const REPEAT = 4;
const WARMUP = 3;

function summary(values: readonly number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    min: sorted[0] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** Runs the corpus conversion benchmark. */
export async function run(): Promise<void> {
  const root = ensurePeer('mkdocs');
  const site = await loadSiteFile(path.join(root, 'sites', SITE), {});
  const files = await listDocsFiles(site.docsDir);
  const sources = files.filter((file) => file.endsWith('.md'));
  const texts = await Promise.all(sources.map((file) => readFile(path.join(site.docsDir, file), 'utf8')));
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const configDir = path.dirname(site.configFile ?? site.docsDir);
  const siteMarkdown = createSiteMarkdown(site.markdownExtensions, configDir);
  const pageTitles = Object.fromEntries(sources.map((file) => [file, file]));
  const convertAll = () => {
    for (let n = 0; n < texts.length; n++) {
      convertMarkdown(texts[n] ?? '', { sourcePath: sources[n], pageTitles, files, site: siteMarkdown });
    }
  };
  const markedAll = () => {
    for (const text of texts) marked.parse(text, { async: false });
  };
  // The same parser, given what pymdownx.snippets appends to every page (the site's link and
  // abbreviation definitions), so that both sides read the same document.
  const appended = siteMarkdown.snippets?.appendedDefinitions;
  const markdownItAll = () => {
    for (const text of texts)
      siteMarkdown.parser.render(text, appended ? { appendedDefinitions: appended } : {});
  };
  // Main-thread CPU time per round (wall time too): on a shared, loaded machine the time the
  // conversion waits for a core is not the conversion's cost, and the ratio stays comparable.
  const rounds = { ours: [] as number[], markdownIt: [] as number[], marked: [] as number[] };
  const wall = { ours: [] as number[], markdownIt: [] as number[], marked: [] as number[] };
  const contenders = [
    ['ours', convertAll],
    ['markdownIt', markdownItAll],
    ['marked', markedAll],
  ] as const;
  for (const [, run] of contenders) for (let n = 0; n < WARMUP; n++) run();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of contenders) {
      const cpu = mainThreadCpuMs() ?? 0;
      const started = process.hrtime.bigint();
      for (let n = 0; n < REPEAT; n++) run();
      wall[name].push(Number(process.hrtime.bigint() - started) / REPEAT);
      rounds[name].push((((mainThreadCpuMs() ?? 0) - cpu) * 1e6) / REPEAT);
    }
  }
  if (rounds.ours.every((value) => value === 0)) Object.assign(rounds, wall);
  const ours = summary(rounds.ours);
  const markdownIt = summary(rounds.markdownIt);
  const theirs = summary(rounds.marked);
  const ratios = (other: number[]) => summary(rounds.ours.map((value, n) => value / (other[n] ?? value)));
  const toMarkdownIt = ratios(rounds.markdownIt);
  const toMarked = ratios(rounds.marked);
  const rate = (ns: number) => Math.round((texts.length * 1e9) / ns);
  printTable(
    `wiki-publish on a real site, CPU time per conversion of every page: ${SITE} (${texts.length} pages, ${Math.round(bytes / 1024)} KB of Markdown, its markdown_extensions)`,
    [
      {
        run: 'convertMarkdown, every page',
        time: formatDuration(ours.median),
        range: `${formatDuration(ours.min)}–${formatDuration(ours.max)}`,
        'pages/s': rate(ours.median),
      },
      {
        run: 'markdown-it, same plugins, render',
        time: formatDuration(markdownIt.median),
        range: `${formatDuration(markdownIt.min)}–${formatDuration(markdownIt.max)}`,
        'pages/s': rate(markdownIt.median),
      },
      {
        run: 'marked.parse, the same pages',
        time: formatDuration(theirs.median),
        range: `${formatDuration(theirs.min)}–${formatDuration(theirs.max)}`,
        'pages/s': rate(theirs.median),
      },
    ],
  );
  console.log(
    `ratio to markdown-it with the same plugins (CPU time): ${toMarkdownIt.median.toFixed(2)}× (${ROUNDS} interleaved rounds: ${toMarkdownIt.min.toFixed(2)}–${toMarkdownIt.max.toFixed(2)}×; target ≤ 1.5×); wall time ${summary(wall.ours.map((v, n) => v / (wall.markdownIt[n] ?? v))).median.toFixed(2)}×`,
  );
  console.log(
    `ratio to marked: ${toMarked.median.toFixed(2)}× (${toMarked.min.toFixed(2)}–${toMarked.max.toFixed(2)}×); peak memory (RSS): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (target ≤ 200 MB); load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
}
