/**
 * The corpus of real public MkDocs sites for the interop tests: installed with the real MkDocs by
 * `test/peers/mkdocs.sh` (unpacked from the projects' source distributions at run time), exported
 * with wiki-publish's dry run, and summarised by the MkDocs oracle (`oracle.py`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PublishReport, publishSite } from '../../publisher/index.ts';
import { captureLogger } from '../../publisher/testing/index.ts';
import { ensurePeer } from '../support/peers.ts';

const ORACLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'oracle.py');

/** The corpus sites (folders under the peer's `sites/`). */
export const CORPUS_SITES = ['pymdown-extensions', 'python-markdown', 'wcmatch', 'bracex'] as const;
/** A corpus site's name. */
export type CorpusSite = (typeof CORPUS_SITES)[number];

/** What the oracle (or the storage summary) says about one page. */
export interface PageSummary {
  readonly headings: string[];
  readonly ids: string[];
  readonly code: string[];
  readonly languages: string[];
  readonly containers: string[];
  readonly tables: number;
  readonly images: number;
  readonly links: string[];
  readonly words: string[];
}

/** The oracle's answer for a page Python-Markdown refused to render (MkDocs would stop there). */
export interface PageError {
  readonly error: string;
}

/** The oracle's answer: extensions it could not load here, and one summary per page. */
export interface OracleOutput {
  readonly skipped: string[];
  readonly pages: Record<string, PageSummary | PageError>;
}

/** One exported page of a dry run. */
export interface ExportedPage {
  readonly title: string;
  readonly source: string | null;
  readonly file: string;
}

/** The installed MkDocs stack and corpus. */
export interface MkDocsPeer {
  readonly root: string;
  readonly python: string;
  readonly mkdocs: string;
  siteDir(site: CorpusSite): string;
}

/** Installs (once, cached) and locates the MkDocs stack and the corpus. */
export function mkdocsPeer(): MkDocsPeer {
  const root = ensurePeer('mkdocs');
  return {
    root,
    python: path.join(root, 'venv', 'bin', 'python'),
    mkdocs: path.join(root, 'venv', 'bin', 'mkdocs'),
    siteDir: (site) => path.join(root, 'sites', site),
  };
}

/** Runs the oracle script with the peer's Python. */
export function runOracle(peer: MkDocsPeer, args: readonly string[], cwd?: string): OracleOutput {
  const output = execFileSync(peer.python, [ORACLE, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    cwd,
  });
  return JSON.parse(output) as OracleOutput;
}

/** A dry run of a site: the report and the exported pages. */
export interface SiteExport {
  readonly report: PublishReport;
  readonly exportDir: string;
  readonly pages: ExportedPage[];
}

/** Exports a site with wiki-publish's dry run into a fresh temporary folder. */
export async function exportSite(siteDir: string): Promise<SiteExport> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'wiki-publish-corpus-'));
  const exportDir = path.join(workDir, 'wiki-export');
  const report = await publishSite(
    { site: siteDir, dryRun: true, exportDir },
    { env: {}, logger: captureLogger().logger, cwd: workDir },
  );
  const metadata = JSON.parse(await readFile(path.join(exportDir, 'metadata.json'), 'utf8')) as {
    pages: ExportedPage[];
  };
  return { report, exportDir, pages: metadata.pages };
}
