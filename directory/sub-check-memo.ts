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
  readonly #definitions: DefinitionPlan[] = [];
  readonly #keys: string[] = [];
  readonly #values: number[] = [];
  #map: Map<DefinitionPlan, Map<string, number>> | undefined;

  get(definition: DefinitionPlan, key: string): number | undefined {
    if (this.#map) return this.#map.get(definition)?.get(key);
    const i = this.#find(definition, key);
    return i < 0 ? undefined : this.#values[i];
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
    const i = this.#find(definition, key);
    if (i >= 0) {
      this.#values[i] = value;
    } else if (this.#keys.length < LINEAR_LIMIT) {
      this.#definitions.push(definition);
      this.#keys.push(key);
      this.#values.push(value);
    } else {
      this.#map = new Map();
      for (let j = 0; j < this.#keys.length; j++) {
        this.set(this.#definitions[j] as DefinitionPlan, this.#keys[j] as string, this.#values[j] as number);
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
    const last = this.#keys.length - 1;
    this.#definitions[i] = this.#definitions[last] as DefinitionPlan;
    this.#keys[i] = this.#keys[last] as string;
    this.#values[i] = this.#values[last] as number;
    this.#definitions.pop();
    this.#keys.pop();
    this.#values.pop();
  }

  #find(definition: DefinitionPlan, key: string): number {
    for (let i = 0; i < this.#keys.length; i++) {
      if (this.#definitions[i] === definition && this.#keys[i] === key) return i;
    }
    return -1;
  }
}
