/**
 * `publishSite`: the whole build — configuration, discovery, Markdown, conversion, then upload
 * (or export in a dry run) — with progress on the logger and a {@link PublishReport} at the end.
 * Hard failures end the build with their exit code in the report; soft failures are collected.
 */
import path from 'node:path';
import { type Clock, systemClock } from '@gatehousejs/core';
import { type ConsolaInstance, consola } from 'consola';
import { PublishError } from '../errors.ts';
import { EXIT_CODES, exitCodeOf } from '../exit-codes.ts';
import { exportSite } from '../export/index.ts';
import { createSiteMarkdown, siteMarkdownWarnings } from '../markdown/index.ts';
import { BuildJournal, type PublishReport } from '../report/index.ts';
import type { PublishConfig, PublishOptions } from '../settings/index.ts';
import { uploadSite } from '../upload/index.ts';
import type { WikiSession } from '../wiki/index.ts';
import { configure } from './configuration-phase.ts';
import { convertPages } from './conversion-phase.ts';
import { discover } from './discovery-phase.ts';
import { readPages } from './markdown-phase.ts';

/** Injectable surroundings of a build; every field has a default. */
export interface PublishDependencies {
  /** Environment for credentials and `!ENV` (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Progress output (default the global consola). */
  readonly logger?: ConsolaInstance;
  /** Time source for phase timings and pacing (default the system clock). */
  readonly clock?: Clock;
  /** Waiting, for backoff, pacing and polling (default `setTimeout`). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Randomness for backoff jitter (default `Math.random`). */
  readonly random?: () => number;
  /** Folder a relative `export_dir` resolves against (default `process.cwd()`). */
  readonly cwd?: string;
  /** How settings given in `options` are named in messages (default `option`; the command uses `flag`). */
  readonly optionSource?: 'flag' | 'option';
}

function someOf(names: readonly string[]): string {
  const shown = names.slice(0, 10).join(', ');
  return names.length > 10 ? `${shown} … and ${names.length - 10} more` : shown;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function summaryLine(report: PublishReport): string {
  const { pages, attachments, apiCalls } = report;
  if (report.dryRun)
    return `Exported ${pages.exported} pages and ${attachments.exported} attachments to ${report.exportDir}`;
  const calls = `${apiCalls.reads + apiCalls.writes} API calls (${apiCalls.reads} reads, ${apiCalls.writes} writes)`;
  if (
    pages.created + pages.updated + attachments.uploaded + attachments.updated === 0 &&
    pages.failed === 0
  ) {
    return `Nothing to change: ${pages.unchanged} pages up to date${pages.protected ? `, ${pages.protected} edited in the wiki kept` : ''}; ${calls}`;
  }
  return `Pages: ${pages.created} created, ${pages.updated} updated, ${pages.unchanged} unchanged, ${pages.protected} edited in the wiki kept, ${pages.failed} failed; attachments: ${attachments.uploaded} uploaded, ${attachments.updated} updated, ${attachments.unchanged} unchanged, ${attachments.failed} failed; ${calls}`;
}

/**
 * Publishes (or, with `dryRun`, exports) a Markdown site to Confluence.
 *
 * @param options settings; they win over `mkdocs.yml` (default: the site in the working directory)
 * @example
 * const report = await publishSite({ site: 'docs-site', space: 'DOCS', parentPageName: 'Handbook' });
 * process.exitCode = report.exitCode;
 */
export async function publishSite(
  options: PublishOptions = {},
  dependencies: PublishDependencies = {},
): Promise<PublishReport> {
  const logger = dependencies.logger ?? consola;
  const clock = dependencies.clock ?? systemClock;
  const sleep = dependencies.sleep ?? realSleep;
  const random = dependencies.random ?? Math.random;
  const env = dependencies.env ?? process.env;
  const journal = new BuildJournal(logger, clock);
  let config: PublishConfig | undefined;
  let wiki: WikiSession | undefined;
  let exportDir: string | undefined;
  let unlisted: readonly string[] = [];
  let notInSite: readonly string[] = [];
  let pageOrder: readonly string[] = [];
  let siteDocsDir: string | undefined;
  const finish = (exitCode: number, error?: PublishError): PublishReport =>
    journal.report(
      {
        exitCode,
        dryRun: config?.dryRun ?? options.dryRun ?? false,
        apiCalls: wiki?.transport.counts() ?? { reads: 0, writes: 0, retries: 0 },
        notInSite,
        unlisted,
        ...(error ? { error: { code: error.code, message: error.message } } : {}),
        ...(config?.space ? { space: config.space } : {}),
        ...(wiki
          ? { parentPage: wiki.root.title }
          : config?.parentPageName
            ? { parentPage: config.parentPageName }
            : {}),
        ...(exportDir ? { exportDir } : {}),
        ...(wiki ? { api: wiki.apiChoice } : {}),
        ...(siteDocsDir ? { docsDir: siteDocsDir } : {}),
      },
      pageOrder,
    );
  try {
    const configured = await journal.phase(
      'configuration',
      () =>
        configure({
          options,
          source: dependencies.optionSource ?? 'option',
          env,
          clock,
          sleep,
          random,
          logger,
        }),
      (c) =>
        c.wiki ? `space ${c.wiki.space}, parent page "${c.wiki.root.title}"` : 'dry run, no wiki connection',
    );
    ({ config, wiki } = configured);
    const settings = configured.config;
    const { tree, files } = await journal.phase(
      'discovery',
      () => discover(configured.site),
      (d) => `${d.tree.pages.length} pages, ${d.files.size} files`,
    );
    unlisted = tree.unlisted;
    for (const message of tree.warnings) journal.warn({ kind: 'site', message });
    if (unlisted.length > 0) journal.info(`not in the nav (not published): ${someOf(unlisted)}`);
    const docsDir = configured.site.docsDir;
    siteDocsDir = docsDir;
    const configDir = configured.site.configFile ? path.dirname(configured.site.configFile) : docsDir;
    const markdown = createSiteMarkdown(
      configured.site.markdownExtensions,
      configDir,
      configured.site.plugins,
    );
    if (markdown.extensions.unknown.length > 0)
      journal.warn({
        kind: 'site',
        message: `markdown_extensions not converted (their syntax stays text): ${markdown.extensions.unknown.join(', ')}`,
      });
    const markdownPages = tree.pages.filter((page) => page.sourcePath).length;
    for (const message of siteMarkdownWarnings(markdown, markdownPages))
      journal.warn({ kind: 'site', message });
    if (markdown.extensions.options('toc').slugify !== undefined)
      journal.warn({
        kind: 'site',
        message:
          'toc: a custom slugify is not followed; heading ids are made with the default slugify, so #anchors written for the custom one may not land',
      });
    const reservedTitles = wiki ? [wiki.root.title] : [];
    const concurrency = settings.concurrency;
    const sources = await journal.phase(
      'markdown',
      () => readPages({ tree, docsDir, markdown, files, concurrency, reservedTitles, journal }),
      (s) => `${s.filter((source) => source.parsed).length} Markdown files parsed`,
    );
    const pages = await journal.phase(
      'conversion',
      () =>
        convertPages({
          sources,
          docsDir,
          markdown,
          layout: { tocMacro: settings.tocMacro, dropTitleHeading: settings.dropTitleHeading },
          files,
          concurrency,
          journal,
          ...(configured.site.useDirectoryUrls === false ? { useDirectoryUrls: false } : {}),
        }),
      (p) => `${p.length} pages, ${p.reduce((n, page) => n + page.attachments.length, 0)} attachments`,
    );
    pageOrder = pages.map((page) => page.title);
    if (!wiki) {
      exportDir = path.resolve(dependencies.cwd ?? process.cwd(), settings.exportDir);
      const target = exportDir;
      await journal.phase(
        'export',
        () =>
          exportSite({
            pages,
            exportDir: target,
            docsDir,
            space: settings.space,
            parentPage: settings.parentPageName,
            journal,
          }),
        (n) => `${n} files written to ${target}`,
      );
    } else {
      const session = wiki;
      const result = await journal.phase(
        'upload',
        () => uploadSite({ pages, wiki: session, config: settings, journal, sleep, random }),
        () => `${pages.length} pages`,
      );
      notInSite = result.notInSite;
      if (notInSite.length > 0)
        journal.info(
          `pages below "${session.root.title}" that the site does not contain (left untouched): ${someOf(notInSite)}`,
        );
    }
    journal.summarizeRepeats();
    const soft = journal.failures.length > 0 && !settings.allowSoftFailures;
    const contentWarnings = journal.warnings
      // Content warnings: what a page's Markdown holds that was not converted (attachments included).
      .filter((warning) => warning.kind === 'content' || warning.kind === 'attachment')
      .reduce((sum, warning) => sum + (warning.count ?? 1), 0);
    const strictFailure = settings.strict && contentWarnings > 0;
    const report = finish(soft || strictFailure ? EXIT_CODES.softFailures : EXIT_CODES.ok);
    if (journal.failures.length > 0)
      logger.warn(`${journal.failures.length} soft failure(s)${soft ? '' : ' (allowed)'}`);
    if (strictFailure) logger.error(`--strict: ${contentWarnings} content warning(s); the build fails`);
    logger.success(summaryLine(report));
    return report;
  } catch (error) {
    if (!(error instanceof PublishError)) throw error;
    logger.error(error.message);
    return finish(exitCodeOf(error.code), error);
  }
}
