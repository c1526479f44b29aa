/**
 * Progress output and the record of a build in one place: each phase is announced and timed,
 * each change to the wiki printed (unchanged pages stay silent), problems logged as they happen,
 * and everything kept for the final {@link PublishReport}. Identical warnings (same kind and
 * message) are printed once and counted, with every place they occurred kept.
 */

import type { Clock } from '@gatehousejs/core';
import type { ConsolaInstance } from 'consola';
import type { AttachmentAction, PageOutcome, PhaseName, Problem, PublishReport } from './publish-report.ts';

const PHASE_TITLES: Readonly<Record<PhaseName, string>> = {
  configuration: 'Configuration',
  discovery: 'Discovery',
  markdown: 'Markdown',
  conversion: 'Conversion',
  upload: 'Upload',
  export: 'Export (dry run)',
};

function describe(problem: Problem): string {
  return problem.page ? `${problem.page}: ${problem.message}` : problem.message;
}

/** The running record of a build. */
export class BuildJournal {
  readonly #logger: ConsolaInstance;
  readonly #clock: Clock;
  readonly phases: Array<{ name: PhaseName; ms: number }> = [];
  readonly items: PageOutcome[] = [];
  readonly attachmentActions: AttachmentAction[] = [];
  readonly failures: Problem[] = [];
  readonly warnings: Problem[] = [];
  /** Index of each distinct warning in `warnings`, by kind and message. */
  readonly #warningIndex = new Map<string, number>();

  constructor(logger: ConsolaInstance, clock: Clock) {
    this.#logger = logger;
    this.#clock = clock;
  }

  /** Runs a phase: announces it, times it, and prints its summary line. */
  async phase<T>(name: PhaseName, run: () => Promise<T>, summary: (result: T) => string): Promise<T> {
    const started = this.#clock.now();
    this.#logger.start(PHASE_TITLES[name]);
    const result = await run();
    const ms = this.#clock.now() - started;
    this.phases.push({ name, ms });
    this.#logger.success(`${PHASE_TITLES[name]}: ${summary(result)} (${ms} ms)`);
    return result;
  }

  /** Records what happened to a page; only changes and failures are printed. */
  page(outcome: PageOutcome): void {
    this.items.push(outcome);
    if (outcome.action === 'created' || outcome.action === 'updated') {
      this.#logger.info(`${outcome.action} page "${outcome.title}"`);
    }
  }

  /** Records what happened to an attachment; only uploads are printed. */
  attachment(action: AttachmentAction, page: string, name: string): void {
    this.attachmentActions.push(action);
    if (action === 'uploaded' || action === 'updated')
      this.#logger.info(`${action} attachment ${name} on "${page}"`);
  }

  /** Records a soft failure (the build continues). */
  fail(problem: Problem): void {
    this.failures.push(problem);
    this.#logger.error(describe(problem));
  }

  /** Records a warning; one identical to an earlier one (kind and message) only adds to its count. */
  warn(problem: Problem): void {
    const key = `${problem.kind}\u0000${problem.message}`;
    const index = this.#warningIndex.get(key);
    const earlier = index === undefined ? undefined : this.warnings[index];
    if (index !== undefined && earlier) {
      this.warnings[index] = {
        ...earlier,
        count: (earlier.count ?? 1) + 1,
        ...(problem.page ? { places: [...(earlier.places ?? []), problem.page] } : {}),
      };
      return;
    }
    this.#warningIndex.set(key, this.warnings.length);
    this.warnings.push({ ...problem, count: 1, ...(problem.page ? { places: [problem.page] } : {}) });
    this.#logger.warn(describe(problem));
  }

  /** Prints how often each repeated warning occurred (each was printed once, when first seen). */
  summarizeRepeats(): void {
    for (const warning of this.warnings) {
      const count = warning.count ?? 1;
      if (count < 2) continue;
      const places = warning.places ?? [];
      const shown = places.slice(0, 5).join(', ');
      const more = places.length > 5 ? ` and ${places.length - 5} more` : '';
      this.#logger.warn(
        `the warning "${warning.message}" occurred ${count} times${shown ? ` (${shown}${more})` : ''}`,
      );
    }
  }

  /** Prints a line of information. */
  info(message: string): void {
    this.#logger.info(message);
  }

  /**
   * The final report.
   *
   * @param pageOrder page titles in site order; items are listed in that order (default: as recorded)
   */
  report(
    fields: Pick<PublishReport, 'exitCode' | 'dryRun' | 'apiCalls' | 'notInSite' | 'unlisted'> &
      Partial<Pick<PublishReport, 'error' | 'space' | 'parentPage' | 'exportDir' | 'api' | 'docsDir'>>,
    pageOrder: readonly string[] = [],
  ): PublishReport {
    const count = <A extends string>(actions: readonly A[], names: readonly A[]) =>
      Object.assign(
        Object.fromEntries(names.map((name) => [name, actions.filter((a) => a === name).length])),
        {
          total: actions.length,
        },
      ) as { [K in A]: number } & { total: number };
    const rank = new Map(pageOrder.map((title, index) => [title, index]));
    const items = [...this.items].sort((a, b) => (rank.get(a.title) ?? 0) - (rank.get(b.title) ?? 0));
    return {
      ok: fields.exitCode === 0,
      exitCode: fields.exitCode,
      dryRun: fields.dryRun,
      ...(fields.error ? { error: fields.error } : {}),
      ...(fields.space ? { space: fields.space } : {}),
      ...(fields.parentPage ? { parentPage: fields.parentPage } : {}),
      ...(fields.exportDir ? { exportDir: fields.exportDir } : {}),
      ...(fields.api ? { api: fields.api } : {}),
      ...(fields.docsDir ? { docsDir: fields.docsDir } : {}),
      pages: count(
        items.map((item) => item.action),
        ['created', 'updated', 'unchanged', 'protected', 'failed', 'exported'],
      ),
      attachments: count(this.attachmentActions, ['uploaded', 'updated', 'unchanged', 'failed', 'exported']),
      apiCalls: fields.apiCalls,
      phases: this.phases,
      failures: this.failures,
      warnings: this.warnings,
      items,
      notInSite: fields.notInSite,
      editedInWiki: items.filter((item) => item.action === 'protected').map((item) => item.title),
      unlisted: fields.unlisted,
    };
  }
}
