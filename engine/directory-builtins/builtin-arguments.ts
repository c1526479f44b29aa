/**
 * Reading the single object argument of Topaz's `ds.*` built-ins: fields by their Topaz
 * (snake_case) names, each checked for type, with errors in OPA's style that name the
 * built-in and the field.
 */
import { BuiltinError, isObject, kindOf, type ObjectValue, objectGet, type Value } from '@gatehousejs/rego';

/** The fields of a `ds.*` argument object. */
export class BuiltinArguments {
  readonly #builtin: string;
  readonly #object: ObjectValue;

  /** Checks that `value` is an object; `what` names it in messages (default `operand 1`). */
  constructor(builtin: string, value: Value | undefined, what = 'operand 1') {
    if (!isObject(value)) {
      throw new BuiltinError(
        'eval_type_error',
        `${builtin}: ${what} must be object but got ${value === undefined ? 'nothing' : kindOf(value)}`,
      );
    }
    this.#builtin = builtin;
    this.#object = value;
  }

  /** The raw value of a field. */
  get(field: string): Value | undefined {
    return objectGet(this.#object, field);
  }

  /** A string field; `''` when absent. */
  string(field: string): string {
    const value = this.get(field);
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') {
      throw new BuiltinError(
        'eval_type_error',
        `${this.#builtin}: field "${field}" must be string but got ${kindOf(value)}`,
      );
    }
    return value;
  }

  /** A string field that must be present and non-empty. */
  required(field: string): string {
    const value = this.string(field);
    if (value === '') {
      throw new BuiltinError('eval_builtin_error', `${this.#builtin}: missing required field "${field}"`);
    }
    return value;
  }

  /** A boolean field; `false` when absent. */
  boolean(field: string): boolean {
    const value = this.get(field);
    if (value === undefined || value === null) return false;
    if (typeof value !== 'boolean') {
      throw new BuiltinError(
        'eval_type_error',
        `${this.#builtin}: field "${field}" must be boolean but got ${kindOf(value)}`,
      );
    }
    return value;
  }

  /** Throws when none of `fields` is set (Topaz answers an empty request with help text; we refuse). */
  requireAny(fields: readonly string[]): void {
    if (fields.every((field) => this.get(field) === undefined || this.get(field) === '')) {
      throw new BuiltinError(
        'eval_builtin_error',
        `${this.#builtin}: expects an object with ${fields.map((f) => `"${f}"`).join(', ')}`,
      );
    }
  }
}
