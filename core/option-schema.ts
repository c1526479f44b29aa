/**
 * Option schemas: the few checks core's configuration objects need (numbers with bounds, names from
 * a list, functions and ports, plain objects with defaults), each schema holding its defaults and
 * telling its input and output types — without a validation library in the runtime path. A schema's
 * `safeParse` has zod's shape, so {@link parseOptions} reads core's schemas and the adapters' zod
 * schemas alike.
 */

/** One problem found in a value; `path` leads from the value parsed to the part at fault. */
export interface OptionIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** `unrecognized_keys` for keys an object does not know (listed in `keys`). */
  readonly code?: string;
  readonly keys?: readonly string[];
}

/** The outcome of {@link OptionSchema.safeParse}. */
export type OptionParseResult<O> =
  | { readonly success: true; readonly data: O }
  | { readonly success: false; readonly error: { readonly issues: readonly OptionIssue[] } };

/** A schema: parses an input of type `I` into an output of type `O`, with defaults applied. */
export interface OptionSchema<I, O> {
  safeParse(value: unknown): OptionParseResult<O>;
  /** Type carrier only: never set. */
  readonly types?: { readonly input: I; readonly output: O };
}

/** The input type of a schema. */
export type OptionInput<S> = S extends OptionSchema<infer I, unknown> ? I : never;
/** The output type of a schema. */
export type OptionOutput<S> = S extends OptionSchema<unknown, infer O> ? O : never;

type Check<O> = (value: unknown, path: readonly PropertyKey[], issues: OptionIssue[]) => O;

/** A field of an {@link optionObject}: a check, and whether the key may be absent. */
export class OptionField<I, O> {
  readonly #check: Check<O>;
  /** Whether the key may be absent (optional, or defaulted). */
  readonly mayBeAbsent: boolean;

  constructor(check: Check<O>, mayBeAbsent = false) {
    this.#check = check;
    this.mayBeAbsent = mayBeAbsent;
  }

  /** Checks `value`, appending problems to `issues`; the result is meaningless when any was added. */
  check(value: unknown, path: readonly PropertyKey[], issues: OptionIssue[]): O {
    return this.#check(value, path, issues);
  }

  /** The same field, `fallback` when absent (`undefined`). */
  default(fallback: O): OptionField<I | undefined, O> {
    return new OptionField(
      (value, path, issues) => (value === undefined ? fallback : this.#check(value, path, issues)),
      true,
    );
  }

  /** The same field, allowed to be absent. */
  optional(): OptionField<I | undefined, O | undefined> {
    return new OptionField<I | undefined, O | undefined>(
      (value, path, issues) => (value === undefined ? undefined : this.#check(value, path, issues)),
      true,
    );
  }

  /** The same field with its output mapped by `transform`. */
  map<T>(transform: (value: O) => T): OptionField<I, T> {
    return new OptionField(
      (value, path, issues) => transform(this.#check(value, path, issues)),
      this.mayBeAbsent,
    );
  }
}

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isNaN(value) ? 'NaN' : typeof value;

/** A field whose value must satisfy `guard`; `message` says what it must be. */
export function predicate<T>(guard: (value: unknown) => value is T, message: string): OptionField<T, T>;
export function predicate<T>(guard: (value: unknown) => boolean, message: string): OptionField<T, T>;
export function predicate<T>(guard: (value: unknown) => boolean, message: string): OptionField<T, T> {
  return new OptionField((value, path, issues) => {
    if (!guard(value)) issues.push({ path, message });
    return value as T;
  });
}

/** A finite number, optionally an integer, at least `min` or (with `positive`) above 0. */
export function numberField(
  options: { integer?: boolean; min?: number; positive?: boolean } = {},
): OptionField<number, number> {
  const expected = options.integer ? 'int' : 'number';
  return new OptionField((value, path, issues) => {
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      (options.integer && !Number.isSafeInteger(value))
    ) {
      issues.push({ path, message: `Invalid input: expected ${expected}, received ${kindOf(value)}` });
    } else if (options.positive && value <= 0) {
      issues.push({ path, message: 'Too small: expected number to be >0' });
    } else if (options.min !== undefined && value < options.min) {
      issues.push({ path, message: `Too small: expected number to be >=${options.min}` });
    }
    return value as number;
  });
}

/** A string, at least `minLength` characters long. */
export function stringField(options: { minLength?: number } = {}): OptionField<string, string> {
  return new OptionField((value, path, issues) => {
    if (typeof value !== 'string')
      issues.push({ path, message: `Invalid input: expected string, received ${kindOf(value)}` });
    else if (options.minLength !== undefined && value.length < options.minLength) {
      issues.push({ path, message: `Too small: expected string to have >=${options.minLength} characters` });
    }
    return value as string;
  });
}

/** One of `values`. */
export function choiceField<const V extends string>(values: readonly V[]): OptionField<V, V> {
  const known = new Set<unknown>(values);
  const message = `Invalid option: expected one of ${values.map((v) => `"${v}"`).join('|')}`;
  return predicate<V>((value) => known.has(value), message);
}

/** Any value (checked later, e.g. by the object it configures). */
export function anyField(): OptionField<unknown, unknown> {
  return new OptionField((value) => value);
}

type Shape = Readonly<Record<string, OptionField<unknown, unknown>>>;
type FieldInput<F> = F extends OptionField<infer I, unknown> ? I : never;
type FieldOutput<F> = F extends OptionField<unknown, infer O> ? O : never;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends FieldInput<S[K]> ? K : never;
}[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The input type of an object of fields: absent-able fields are optional keys. */
export type ShapeInput<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: FieldInput<S[K]> } & {
    [K in OptionalKeys<S>]?: FieldInput<S[K]>;
  }
>;
/** The output type of an object of fields. */
export type ShapeOutput<S extends Shape> = Simplify<
  { [K in keyof S as undefined extends FieldOutput<S[K]> ? never : K]: FieldOutput<S[K]> } & {
    [K in keyof S as undefined extends FieldOutput<S[K]> ? K : never]?: FieldOutput<S[K]>;
  }
>;

/**
 * An object schema: each key checked by its field, defaults applied; a key the shape does not name
 * is an `unrecognized_keys` issue.
 *
 * @example
 * const Schema = optionObject({ maxSize: numberField({ integer: true, min: 1 }).default(1000) });
 * Schema.safeParse({}); // { success: true, data: { maxSize: 1000 } }
 */
export function optionObject<S extends Shape>(
  shape: S,
): OptionSchema<ShapeInput<S>, ShapeOutput<S>> & {
  readonly field: OptionField<ShapeInput<S>, ShapeOutput<S>>;
} {
  const keys = Object.keys(shape);
  const field = new OptionField<ShapeInput<S>, ShapeOutput<S>>((value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      issues.push({ path, message: `Invalid input: expected object, received ${kindOf(value)}` });
      return value as ShapeOutput<S>;
    }
    const input = value as Record<string, unknown>;
    const unknown = Object.keys(input).filter((key) => !Object.hasOwn(shape, key));
    if (unknown.length > 0)
      issues.push({ path, code: 'unrecognized_keys', keys: unknown, message: 'unrecognized keys' });
    const output: Record<string, unknown> = {};
    for (const key of keys) {
      const checked = (shape[key] as OptionField<unknown, unknown>).check(input[key], [...path, key], issues);
      if (checked !== undefined) output[key] = checked;
    }
    return output as ShapeOutput<S>;
  });
  return { field, safeParse: (value) => parseWith(field, value) };
}

/** An array of at least `minItems` items, each checked by `item`. */
export function arrayField<I, O>(
  item: OptionField<I, O>,
  options: { minItems?: number; message?: string } = {},
): OptionField<readonly I[], O[]> {
  return new OptionField((value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push({ path, message: `Invalid input: expected array, received ${kindOf(value)}` });
      return [];
    }
    if (options.minItems !== undefined && value.length < options.minItems) {
      issues.push({
        path,
        message: options.message ?? `Too small: expected array to have >=${options.minItems} items`,
      });
    }
    return value.map((entry, index) => item.check(entry, [...path, index], issues));
  });
}

/** A schema of a single field (for values that are not objects). */
export function fieldSchema<I, O>(field: OptionField<I, O>): OptionSchema<I, O> {
  return { safeParse: (value) => parseWith(field, value) };
}

function parseWith<O>(field: OptionField<unknown, O>, value: unknown): OptionParseResult<O> {
  const issues: OptionIssue[] = [];
  const data = field.check(value, [], issues);
  return issues.length === 0 ? { success: true, data } : { success: false, error: { issues } };
}
