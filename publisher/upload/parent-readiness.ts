/**
 * A child waits for a parent created in this build: Confluence may not serve a new page at once
 * (eventual consistency), so the parent is polled — once per parent, boundedly — before its first
 * child is created. Parents that existed before the build are ready at once.
 */
import { hasStatus, type WikiApi } from '../wiki/index.ts';

/** Settings of the polling. */
export interface ParentPolling {
  readonly attempts: number;
  readonly intervalMs: number;
  readonly sleep: (ms: number) => Promise<void>;
}

/** Tracks the parents created in this build and whether they can take children yet. */
export class ParentReadiness {
  readonly #api: WikiApi;
  readonly #polling: ParentPolling;
  readonly #created = new Set<string>();
  readonly #checks = new Map<string, Promise<boolean>>();

  constructor(api: WikiApi, polling: ParentPolling) {
    this.#api = api;
    this.#polling = polling;
  }

  /** Records a page created in this build. */
  created(id: string): void {
    this.#created.add(id);
  }

  /** Whether the page can take children: true at once for old pages, else after polling (memoized). */
  ready(id: string): Promise<boolean> {
    if (!this.#created.has(id)) return Promise.resolve(true);
    let check = this.#checks.get(id);
    if (!check) {
      check = this.#poll(id);
      this.#checks.set(id, check);
    }
    return check;
  }

  async #poll(id: string): Promise<boolean> {
    for (let attempt = 1; attempt <= this.#polling.attempts; attempt++) {
      try {
        await this.#api.getPage(id);
        return true;
      } catch (error) {
        if (!hasStatus(error, 404)) throw error;
      }
      if (attempt < this.#polling.attempts) await this.#polling.sleep(this.#polling.intervalMs);
    }
    return false;
  }
}
