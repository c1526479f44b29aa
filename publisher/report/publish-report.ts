/**
 * The outcome of a build: what happened to each page and attachment, the problems, the API calls
 * made and the time of each phase. Printed as a summary, or as JSON with `--json`.
 */

/** The build phases, in order (the fifth is `export` in a dry run). */
export type PhaseName = 'configuration' | 'discovery' | 'markdown' | 'conversion' | 'upload' | 'export';

/** What happened to one page. */
export type PageAction = 'created' | 'updated' | 'unchanged' | 'protected' | 'failed' | 'exported';

/** What happened to one attachment. */
export type AttachmentAction = 'uploaded' | 'updated' | 'unchanged' | 'failed' | 'exported';

/** One page in the report. */
export interface PageOutcome {
  readonly title: string;
  /** The Markdown file, or `null` for a generated section page. */
  readonly source: string | null;
  readonly action: PageAction;
  /** The wiki page id, when the page exists in the wiki. */
  readonly id?: string;
}

/** A soft failure or a warning, with the page it concerns. */
export interface Problem {
  readonly kind: 'page' | 'attachment' | 'comparison' | 'content' | 'site';
  /** The page title or source file it concerns, if any. */
  readonly page?: string;
  readonly message: string;
  /** How many times this warning occurred (identical warnings are reported once). */
  readonly count?: number;
  /** Where each occurrence was (`file:line` or page title), in order. */
  readonly places?: readonly string[];
}

/** Counts of one kind of item by action. */
export type ActionCounts<A extends string> = { readonly [K in A]: number } & { readonly total: number };

/** The machine-readable report (`--json`). */
export interface PublishReport {
  /** True when the exit code is 0. */
  readonly ok: boolean;
  readonly exitCode: number;
  readonly dryRun: boolean;
  /** The hard failure that stopped the build, if any. */
  readonly error?: { readonly code: string; readonly message: string };
  readonly space?: string;
  readonly parentPage?: string;
  /** The dry run's output folder. */
  readonly exportDir?: string;
  /** The REST API spoken (`v1` or `v2`) and why. */
  readonly api?: { readonly version: 'v1' | 'v2'; readonly reason: string };
  /** The docs folder (absolute), which `file:line` places are relative to. */
  readonly docsDir?: string;
  readonly pages: ActionCounts<PageAction>;
  readonly attachments: ActionCounts<AttachmentAction>;
  readonly apiCalls: { readonly reads: number; readonly writes: number; readonly retries: number };
  readonly phases: ReadonlyArray<{ readonly name: PhaseName; readonly ms: number }>;
  readonly failures: readonly Problem[];
  readonly warnings: readonly Problem[];
  readonly items: readonly PageOutcome[];
  /** Wiki pages below the parent page that the site does not contain (left untouched). */
  readonly notInSite: readonly string[];
  /** Pages whose current version was edited in the wiki, kept (not overwritten) in this build. */
  readonly editedInWiki: readonly string[];
  /** Markdown files the nav leaves out (not published). */
  readonly unlisted: readonly string[];
}
