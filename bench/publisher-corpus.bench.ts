/**
 * `npm run bench -- publisher-corpus`: conversion speed on the largest real site of the MkDocs
 * corpus (pymdown-extensions' documentation, from its source distribution, installed by
 * `test/peers/mkdocs.sh`) with the site's own markdown_extensions, side by side with `marked` on
 * the same files: pages/s, the ratio, peak memory.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { convertMarkdown, createSiteMarkdown } from '@gatehousejs/wiki-publish';
import { marked } from 'marked';
import { loadSiteFile } from '../publisher/settings/site-file.ts';
import { listDocsFiles } from '../publisher/site/docs-files.ts';
import { ensurePeer } from '../test/support/peers.ts';
import { formatDuration, measure, printTable } from './measure.ts';

const SITE = 'pymdown-extensions';

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
  const ours = await measure('wiki-publish', convertAll, { batch: 1, samples: 15, warmup: 3 });
  const theirs = await measure('marked', markedAll, { batch: 1, samples: 15, warmup: 3 });
  const rate = (ns: number) => Math.round((texts.length * 1e9) / ns);
  printTable(
    `wiki-publish on a real site: ${SITE} (${texts.length} pages, ${Math.round(bytes / 1024)} KB of Markdown, its markdown_extensions)`,
    [
      {
        run: 'convertMarkdown, every page',
        time: formatDuration(ours.medianNs),
        p99: formatDuration(ours.p99Ns),
        'pages/s': rate(ours.medianNs),
      },
      {
        run: 'marked.parse, the same pages',
        time: formatDuration(theirs.medianNs),
        p99: formatDuration(theirs.p99Ns),
        'pages/s': rate(theirs.medianNs),
      },
    ],
  );
  console.log(
    `ratio to marked: ${(ours.medianNs / theirs.medianNs).toFixed(2)}× (target: ≥ 300 pages/s or within 5×); peak memory (RSS): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (target ≤ 200 MB)`,
  );
}
