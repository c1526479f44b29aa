/**
 * The policies a service evaluates, kept current: loaded once at start, reloaded on request or
 * when the watcher sees the directory change. A reload compiles a whole new generation and
 * swaps it in with one assignment, so a decision sees either the old or the new policies, never
 * a mix; a reload that fails leaves the last good generation in force and is reported.
 */
import type { Logger } from '@gatehousejs/core';
import type { PolicyGenerations } from './decision-engine.ts';
import type { ReloadEvent } from './embedded-service-options.ts';
import { EngineError } from './engine-error.ts';
import { compileLoadedPolicies, type LoadedPolicies, type PolicyLoadSettings } from './loaded-policies.ts';
import { fingerprintOf, readDecisionSources } from './policy-source.ts';
import { type PolicyWatcher, watchPolicyDirectory } from './policy-watcher.ts';

/** Where reload outcomes go. */
export interface ReloadReporting {
  readonly onReload?: ((event: ReloadEvent) => void) | undefined;
  /** Receives a warning for every failed reload. */
  readonly logger: Logger;
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** The current generation of a policy directory's decision policies. */
export class LivePolicies implements PolicyGenerations {
  readonly #dir: string;
  readonly #settings: PolicyLoadSettings;
  readonly #reporting: ReloadReporting;
  #current: LoadedPolicies;
  /** Fingerprint of the files last compiled (successfully or not). */
  #lastAttempt: string;
  #queue: Promise<void> = Promise.resolve();
  #watcher: PolicyWatcher | undefined;
  #closed = false;

  private constructor(
    dir: string,
    settings: PolicyLoadSettings,
    reporting: ReloadReporting,
    current: LoadedPolicies,
    fingerprint: string,
  ) {
    this.#dir = dir;
    this.#settings = settings;
    this.#reporting = reporting;
    this.#current = current;
    this.#lastAttempt = fingerprint;
  }

  /**
   * Loads the decision policies below `dir`.
   *
   * @throws {RegoError} naming file and line when a policy cannot be evaluated
   * @throws {EngineError} `policies_unreadable` or `policies_missing`
   */
  static async load(
    dir: string,
    settings: PolicyLoadSettings,
    reporting: ReloadReporting,
  ): Promise<LivePolicies> {
    const sources = await readDecisionSources(dir);
    await settings.prepareBuiltins?.(sources.map((s) => s.source));
    return new LivePolicies(
      dir,
      settings,
      reporting,
      compileLoadedPolicies(sources, settings),
      fingerprintOf(sources),
    );
  }

  /** Where the policies come from, for messages. */
  get origin(): string {
    return `policies from ${this.#dir}`;
  }

  /** The generation in force. */
  get current(): LoadedPolicies {
    return this.#current;
  }

  /** Loads the built-ins a query may call (see `PolicyLoadSettings.prepareBuiltins`). */
  async prepareBuiltins(sources: readonly string[]): Promise<void> {
    await this.#settings.prepareBuiltins?.(sources);
  }

  /** Reloads after each burst of file changes that changes a policy file's name or content. */
  watch(debounceMs: number): void {
    try {
      this.#watcher = watchPolicyDirectory(this.#dir, {
        debounceMs,
        onChange: () => {
          this.#enqueue(true).catch(() => {});
        },
        onError: (error) =>
          this.#reporting.logger.warn(`policy watcher of ${this.#dir} stopped: ${error.message}`),
      });
    } catch (cause) {
      const reason = asError(cause).message;
      throw new EngineError(
        'policies_unreadable',
        `cannot watch the policy directory ${this.#dir}: ${reason}`,
        {
          cause,
        },
      );
    }
  }

  /** Reloads now (after any reload under way); rejects with the failure, the last good generation staying. */
  reload(): Promise<void> {
    return this.#enqueue(false);
  }

  /** Stops watching and waits for a reload under way. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#watcher?.close();
    this.#watcher = undefined;
    await this.#queue;
  }

  /** Reloads run one after another; one the watcher asked for is skipped when no file changed. */
  #enqueue(fromWatcher: boolean): Promise<void> {
    const run = this.#queue.then(() => this.#reloadNow(fromWatcher));
    this.#queue = run.catch(() => {});
    return run;
  }

  async #reloadNow(fromWatcher: boolean): Promise<void> {
    if (this.#closed) {
      if (fromWatcher) return;
      throw new EngineError('service_closed', 'the embedded decision service is closed');
    }
    try {
      const sources = await readDecisionSources(this.#dir);
      const fingerprint = fingerprintOf(sources);
      if (fromWatcher && fingerprint === this.#lastAttempt) return;
      this.#lastAttempt = fingerprint;
      await this.#settings.prepareBuiltins?.(sources.map((s) => s.source));
      const loaded = compileLoadedPolicies(sources, this.#settings);
      this.#current = loaded;
      this.#emit({ ok: true, packages: loaded.packages });
    } catch (e) {
      const error = asError(e);
      this.#reporting.logger.warn(
        `policy reload failed, the last good policies stay in force: ${error.message}`,
      );
      this.#emit({ ok: false, error });
      throw error;
    }
  }

  #emit(event: ReloadEvent): void {
    try {
      this.#reporting.onReload?.(event);
    } catch (e) {
      this.#reporting.logger.warn(`onReload listener failed: ${asError(e).message}`);
    }
  }
}
