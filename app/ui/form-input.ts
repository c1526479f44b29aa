/**
 * Reading submitted forms: text fields as strings (a missing field or a file reads as absent),
 * validated with the services' own field schemas, so a form refuses exactly what the JSON API
 * refuses, with the message next to the field. Errors the services raise later (an unknown
 * e-mail, a duplicate share, an unusable folder) are mapped to their field the same way.
 */
import type { z } from 'zod';
import { DatabaseError } from '../db/index.ts';
import { MAX_ROW_ID, ServiceError } from '../services/index.ts';

/** A parsed form body (`c.req.parseBody()`). */
export type FormBody = Readonly<Record<string, unknown>>;

/** The text of field `name`, or `undefined` when it was not sent (or is not text). */
export function formField(body: FormBody, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

/** Collects values and field errors while a form is read. */
export class FormReader {
  readonly errors: Record<string, string> = {};

  constructor(private readonly body: FormBody) {}

  /** The field's text (`''` when absent). */
  text(name: string): string {
    return formField(this.body, name) ?? '';
  }

  /** Whether the field was sent at all (fields a page leaves out stay unchanged). */
  has(name: string): boolean {
    return formField(this.body, name) !== undefined;
  }

  /** The value if `schema` accepts it, else `undefined` with the schema's message as the field's error. */
  check<T>(name: string, schema: z.ZodType<T>, value: unknown): T | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    this.errors[name] = result.error.issues[0]?.message ?? 'is not valid';
    return undefined;
  }

  /** A name field: surrounding blanks dropped; empty → "Enter a name". */
  name(name: string, schema: z.ZodType<string>): string | undefined {
    const value = this.text(name).trim();
    if (value === '') {
      this.errors[name] = 'Enter a name';
      return undefined;
    }
    return this.check(name, schema, value);
  }

  /** An optional id chosen in a list: `''` → `null`. */
  optionalId(name: string): number | null | undefined {
    const value = this.text(name);
    if (value === '') return null;
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
    if (!(id <= MAX_ROW_ID)) {
      this.errors[name] = 'Choose one of the listed folders';
      return undefined;
    }
    return id;
  }

  /** One of `choices`, else an error. */
  choice<const C extends string>(name: string, choices: readonly C[], message: string): C | undefined {
    const value = this.text(name);
    if ((choices as readonly string[]).includes(value)) return value as C;
    this.errors[name] = message;
    return undefined;
  }

  /** Whether no field was refused. */
  get valid(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

/** Text of a text area as stored: browsers send line breaks as CRLF. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** A refused input as the form shows it. */
export interface FieldFailure {
  /** The form's field. */
  readonly field: string;
  readonly message: string;
  readonly code: 'invalid' | 'not_found' | 'conflict';
  /** The status of the re-shown form (the JSON API's for the same error). */
  readonly status: 400 | 404 | 409;
}

const STATUS = { invalid: 400, not_found: 404, conflict: 409 } as const;

/**
 * The field failure of an error a service (or the database) raised about the input: its field
 * mapped to the form's with `fieldMap`, a conflict without a field to `conflictField`;
 * `undefined` for any other error (which then becomes an error page).
 */
export function fieldFailure(
  error: unknown,
  fieldMap: Readonly<Record<string, string>>,
  conflictField?: string,
): FieldFailure | undefined {
  if (!(error instanceof ServiceError || error instanceof DatabaseError)) return undefined;
  const code =
    error.code === 'missing_reference'
      ? 'not_found'
      : error.code === 'invalid' || error.code === 'not_found' || error.code === 'conflict'
        ? error.code
        : undefined;
  if (!code) return undefined;
  const field =
    error.field === undefined ? (code === 'conflict' ? conflictField : undefined) : fieldMap[error.field];
  return field ? { field, message: error.message, code, status: STATUS[code] } : undefined;
}
