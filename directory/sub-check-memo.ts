/**
 * The memo of one check: a number per sub-check (definition + object id + arrow tail). A check
 * usually visits a handful of sub-checks, so the memo starts as three short arrays scanned
 * linearly (no hashing, no map allocation) and becomes a map once it outgrows them — a graph
 * search reuses one memo across thousands of objects.
 */
import type { DefinitionPlan } from './check-plan.ts';

const LINEAR_LIMIT = 16;

/** Sub-check states by definition and key. */
export class SubCheckMemo {
  /**
   * Definition, key, value, definition, key, value…: one array, not three (each array's storage is
   * allocated on its first entry, and every check of a list makes a memo).
   */
  readonly #entries: (DefinitionPlan | string | number)[] = [];
  #map: Map<DefinitionPlan, Map<string, number>> | undefined;

  get(definition: DefinitionPlan, key: string): number | undefined {
    if (this.#map) return this.#map.get(definition)?.get(key);
    const i = this.#find(definition, key);
    return i < 0 ? undefined : (this.#entries[i + 2] as number);
  }

  set(definition: DefinitionPlan, key: string, value: number): void {
    if (this.#map) {
      let byKey = this.#map.get(definition);
      if (!byKey) {
        byKey = new Map();
        this.#map.set(definition, byKey);
      }
      byKey.set(key, value);
      return;
    }
    const entries = this.#entries;
    const i = this.#find(definition, key);
    if (i >= 0) {
      entries[i + 2] = value;
    } else if (entries.length < LINEAR_LIMIT * 3) {
      entries.push(definition, key, value);
    } else {
      this.#map = new Map();
      for (let j = 0; j < entries.length; j += 3) {
        this.set(entries[j] as DefinitionPlan, entries[j + 1] as string, entries[j + 2] as number);
      }
      this.set(definition, key, value);
    }
  }

  delete(definition: DefinitionPlan, key: string): void {
    if (this.#map) {
      this.#map.get(definition)?.delete(key);
      return;
    }
    const i = this.#find(definition, key);
    if (i < 0) return;
    const entries = this.#entries;
    const last = entries.length - 3;
    entries[i] = entries[last] as DefinitionPlan;
    entries[i + 1] = entries[last + 1] as string;
    entries[i + 2] = entries[last + 2] as number;
    entries.length = last;
  }

  #find(definition: DefinitionPlan, key: string): number {
    const entries = this.#entries;
    for (let i = 0; i < entries.length; i += 3) {
      if (entries[i] === definition && entries[i + 1] === key) return i;
    }
    return -1;
  }
}
