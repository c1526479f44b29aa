/**
 * The types OPA's checker gives values and selections: the type of a constant, the union of
 * several types (`types.Or`), and the type of `t[key]` — with "closed" types (scalars, objects
 * and arrays of known shape) where a key that cannot exist is OPA's `undefined ref`.
 */
import {
  ANY_TYPE,
  arraySelect,
  objectSelect,
  type RegoType,
  unifies,
} from '../../builtins/declarations/index.ts';
import { isObject, objectEntries, SetValue, type Value } from '../../value/index.ts';

/** OPA's `types.Or`: the alternatives, deduplicated; anything when one of them is. */
export function unionOf(types: readonly RegoType[]): RegoType {
  const unique = new Map<string, RegoType>();
  for (const t of types) {
    if (t.k === 'any' && t.of.length === 0) return ANY_TYPE;
    for (const alt of t.k === 'any' ? t.of : [t]) unique.set(JSON.stringify(alt), alt);
  }
  if (unique.size === 0) return ANY_TYPE;
  const alts = [...unique.values()];
  return alts.length === 1 ? (alts[0] as RegoType) : { k: 'any', of: alts };
}

/** The type of a set with members of `members`: `set()` has members of no type (OPA's `nil`). */
export function setOf(members: readonly RegoType[]): RegoType {
  return members.length === 0 ? EMPTY_SET_TYPE : { k: 'set', of: unionOf(members) };
}

const EMPTY_SET_TYPE: RegoType = { k: 'set', of: ANY_TYPE, noMembers: true };

/**
 * `t` with every memberless set type (`set()` written in place) opened to any type: what OPA
 * v1.22's checker gives a variable bound to something other than a composite written in place.
 */
export function openEmptySets(t: RegoType): RegoType {
  switch (t.k) {
    case 'set':
      return t.noMembers ? ANY_TYPE : { k: 'set', of: openEmptySets(t.of) };
    case 'array':
      return {
        k: 'array',
        items: t.items.map(openEmptySets),
        ...(t.dynamic ? { dynamic: openEmptySets(t.dynamic) } : {}),
      };
    case 'object':
      return {
        k: 'object',
        props: t.props.map(([key, value]) => [key, openEmptySets(value)] as const),
        ...(t.dynamic
          ? { dynamic: { key: openEmptySets(t.dynamic.key), value: openEmptySets(t.dynamic.value) } }
          : {}),
      };
    case 'any':
      return t.of.length === 0 ? t : { k: 'any', of: t.of.map(openEmptySets) };
    default:
      return t;
  }
}

/** The type of a constant value, as OPA types the term it was written as. */
export function valueType(v: Value): RegoType {
  if (v === null) return { k: 'null' };
  switch (typeof v) {
    case 'boolean':
      return { k: 'boolean' };
    case 'number':
    case 'bigint':
      return { k: 'number' };
    case 'string':
      return { k: 'string' };
    default:
      break;
  }
  if (Array.isArray(v)) return { k: 'array', items: v.map(valueType) };
  if (v instanceof SetValue) return setOf(v.sorted().map(valueType));
  if (isObject(v)) {
    const entries = objectEntries(v);
    if (!entries.every(([k]) => typeof k === 'string'))
      return { k: 'object', props: [], dynamic: { key: ANY_TYPE, value: ANY_TYPE } };
    return { k: 'object', props: entries.map(([k, x]) => [k as string, valueType(x)] as const) };
  }
  return ANY_TYPE;
}

/**
 * The type of `t[key]` for a constant `key` (`undefined` for a non-constant one): `'none'` when
 * no value of type `t` can have that key — OPA's `undefined ref`.
 *
 * @param emptyIsOpen an empty array or object type (`[]`, `{}`: nothing known of its members)
 *   selects any key as `any` (an array any number), as OPA v1.15.2's checker does; v1.22.2
 *   refuses the key. `set()`, whose members OPA types `nil`, selects a scalar key as that key's
 *   own type in v1.15.2 (`x.a` is a string, so `x.a.b` is `undefined ref` and `x.a == 1` a
 *   `match error`) and refuses it in v1.22.2; a composite or variable key selects `any` in both
 */
export function selectType(t: RegoType, key: Value | undefined, emptyIsOpen = false): RegoType | 'none' {
  // An empty array is open to numbers only: its keys are indexes whatever its members.
  if (emptyIsOpen && isEmptyCollection(t))
    return t.k === 'array' && key !== undefined && valueType(key).k !== 'number' ? 'none' : ANY_TYPE;
  // v1.22.2 refuses a scalar key of `[]` or `{}`, and lets a composite one through.
  if (isEmptyCollection(t) && key !== undefined && isComposite(valueType(key))) return ANY_TYPE;
  switch (t.k) {
    case 'any': {
      // A union selects from each alternative that can have the key: none can, none selects.
      if (t.of.length === 0) return ANY_TYPE;
      const selected = t.of.map((alt) => selectType(alt, key, emptyIsOpen)).filter((s) => s !== 'none');
      return selected.length === 0 ? 'none' : unionOf(selected);
    }
    case 'null':
    case 'boolean':
    case 'number':
    case 'string':
      return 'none';
    case 'array': {
      if (key === undefined) return t.dynamic ?? unionOf(t.items);
      if (typeof key !== 'number' && typeof key !== 'bigint') return 'none';
      const i = Number(key);
      if (!Number.isInteger(i) || i < 0) return 'none';
      return arraySelect(t, i) ?? 'none';
    }
    case 'set':
      if (t.noMembers) return emptySetSelect(key, emptyIsOpen);
      return setSelect(t.of, key);
    case 'object': {
      // A key not known before evaluation selects any of the values (OPA: their union).
      if (key === undefined)
        return t.props.length === 0 && !t.dynamic
          ? ANY_TYPE
          : unionOf([...t.props.map(([, v]) => v), ...(t.dynamic ? [t.dynamic.value] : [])]);
      if (typeof key !== 'string') return t.dynamic ? t.dynamic.value : 'none';
      return objectSelect(t, key) ?? 'none';
    }
  }
}

/**
 * The type of `s[key]` for a set of members of type `of`: a member is its own key, so a key of
 * another type cannot be one, and a scalar key selects a value of its own type (`x[1]` of
 * `{1, "a"}` is a number: `x[1] == "a"` is a `match error`, `x[1].b` an `undefined ref`).
 */
function setSelect(of: RegoType, key: Value | undefined): RegoType | 'none' {
  if (key === undefined) return of;
  const keyType = valueType(key);
  if (!unifies(keyType, of)) return 'none';
  return isComposite(keyType) ? of : keyType;
}

function isComposite(t: RegoType): boolean {
  return t.k === 'array' || t.k === 'set' || t.k === 'object' || t.k === 'any';
}

/** The type of `set()[key]` ({@link selectType}). */
function emptySetSelect(key: Value | undefined, emptyIsOpen: boolean): RegoType | 'none' {
  const keyType = key === undefined ? ANY_TYPE : valueType(key);
  if (isComposite(keyType)) return ANY_TYPE;
  return emptyIsOpen ? keyType : 'none';
}

/** Whether `t` is the type of an empty array or object literal (no member known, none dynamic). */
function isEmptyCollection(t: RegoType): boolean {
  return (
    (t.k === 'array' && t.items.length === 0 && !t.dynamic) ||
    (t.k === 'object' && t.props.length === 0 && !t.dynamic)
  );
}

/** The type of the elements of a collection type (`some x in c`, `every`). */
export function elementType(t: RegoType): RegoType {
  switch (t.k) {
    case 'array':
      return unionOf([...t.items, ...(t.dynamic ? [t.dynamic] : [])]);
    case 'set':
      return t.of;
    case 'object':
      return unionOf([...t.props.map(([, v]) => v), ...(t.dynamic ? [t.dynamic.value] : [])]);
    default:
      return ANY_TYPE;
  }
}
