/**
 * One site compared with MkDocs's own Markdown: every page exported by wiki-publish's dry run,
 * rendered by Python-Markdown with the site's markdown_extensions (the oracle), and the two
 * summaries compared. Shared by the corpus test and the fixture-site test.
 */
import { exportSite, type MkDocsPeer, runOracle } from './corpus.ts';
import { structureDifferences } from './structure-differences.ts';

/** What a site's comparison found. */
export interface SiteComparison {
  readonly pages: number;
  /** Extensions the oracle could not load here. */
  readonly skipped: readonly string[];
  /** Differences by page (`<label>/<source>`), by category. */
  readonly differences: Record<string, Record<string, string>>;
  /** The warnings of the export, as `page: message`. */
  readonly warnings: readonly string[];
}

/** Compares every page of the site in `siteDir` with the oracle; pages are named `<label>/<source>`. */
export async function compareSite(peer: MkDocsPeer, siteDir: string, label: string): Promise<SiteComparison> {
  const exported = await exportSite(siteDir);
  const pages = exported.pages.filter((page) => page.source !== null);
  const sources = pages.map((page) => page.source as string);
  const oracle = runOracle(peer, ['render', siteDir, ...sources]);
  const storage = runOracle(peer, ['storage', ...pages.map((page) => page.file)], exported.exportDir);
  const differences: Record<string, Record<string, string>> = {};
  for (const page of pages) {
    const source = page.source as string;
    const oracleSummary = oracle.pages[source];
    const storageSummary = storage.pages[page.file];
    if (!oracleSummary || !storageSummary) throw new Error(`no summary for ${label}/${source}`);
    if ('error' in storageSummary) throw new Error(`storage summary failed: ${storageSummary.error}`);
    const found =
      'error' in oracleSummary
        ? { oracle: oracleSummary.error }
        : structureDifferences(oracleSummary, storageSummary);
    if (Object.keys(found).length > 0) differences[`${label}/${source}`] = found;
  }
  const warnings = exported.report.warnings.map((w) => (w.page ? `${w.page}: ${w.message}` : w.message));
  return { pages: pages.length, skipped: oracle.skipped, differences, warnings };
}
