/**
 * Builds the object a node with ref-head rules (`p[k] := v`, `p[q].r := v`, `p[q] contains v`)
 * defines, with OPA's conflict rules: one path holds one value, a value may not sit where
 * another rule builds an object, and set members accumulate.
 */
import { RegoError, type SourceLocation } from '../errors.ts';
import { equal, makeObject, SetValue, type Value } from '../value/index.ts';
import { keyId } from './collections.ts';

type Entry =
  | { readonly key: Value; readonly kind: 'value'; readonly value: Value }
  | { readonly key: Value; readonly kind: 'set'; readonly set: SetValue }
  | { readonly key: Value; readonly kind: 'object'; readonly node: Map<string, Entry> };

function conflict(loc: SourceLocation | undefined): RegoError {
  return new RegoError('eval_conflict_error', 'object keys must be unique', loc);
}

/** Accumulates rule outputs into a nested object. */
export class ObjectBuilder {
  private readonly root = new Map<string, Entry>();

  /** Places `value` at `path` (non-empty), or adds it to the set there with `kind` `set`. */
  insert(path: readonly Value[], kind: 'value' | 'set', value: Value, loc: SourceLocation | undefined): void {
    let node = this.root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i] as Value;
      const e = node.get(keyId(key));
      if (!e) {
        const child = new Map<string, Entry>();
        node.set(keyId(key), { key, kind: 'object', node: child });
        node = child;
      } else if (e.kind === 'object') {
        node = e.node;
      } else {
        throw conflict(loc);
      }
    }
    const key = path[path.length - 1] as Value;
    const e = node.get(keyId(key));
    if (kind === 'value') {
      if (!e) node.set(keyId(key), { key, kind: 'value', value });
      else if (e.kind !== 'value' || !equal(e.value, value)) throw conflict(loc);
      return;
    }
    if (!e) node.set(keyId(key), { key, kind: 'set', set: new SetValue([value]) });
    else if (e.kind === 'set') e.set.add(value);
    else throw conflict(loc);
  }

  /** Adds every member of `set` to the set at `path`. */
  insertSet(path: readonly Value[], set: SetValue, loc: SourceLocation | undefined): void {
    for (const v of set) this.insert(path, 'set', v, loc);
  }

  /** Whether something sits at `path` (non-empty). */
  has(path: readonly Value[]): boolean {
    let node: Map<string, Entry> | undefined = this.root;
    for (const key of path) {
      const e: Entry | undefined = node?.get(keyId(key));
      if (!e) return false;
      node = e.kind === 'object' ? e.node : undefined;
    }
    return true;
  }

  /** The object built so far. */
  build(): Value {
    return toValue(this.root);
  }
}

function toValue(node: Map<string, Entry>): Value {
  return makeObject(
    [...node.values()].map((e) => {
      if (e.kind === 'value') return [e.key, e.value] as const;
      if (e.kind === 'set') return [e.key, e.set] as const;
      return [e.key, toValue(e.node)] as const;
    }),
  );
}
