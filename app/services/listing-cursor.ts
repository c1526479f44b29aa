/**
 * Positions in a document list as they travel in links (`?after=…`, `?before=…`): opaque,
 * URL-safe, and checked on the way back in so that a tampered link is a clear 400.
 */
import type { ListingCursor } from '../db/index.ts';
import { MAX_ROW_ID } from './input-fields.ts';
import { ServiceError } from './service-error.ts';

/** The cursor as a link parameter. */
export function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/**
 * The cursor of a link parameter.
 *
 * @throws {ServiceError} `invalid`, naming `field`, for anything {@link encodeCursor} did not make
 */
export function decodeCursor(value: string, field: string): ListingCursor {
  const refused = () =>
    new ServiceError('invalid', `${field}: the link to this page is not valid`, { field });
  if (value.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(value)) throw refused();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw refused();
  const [key, id] = parsed as [unknown, unknown];
  if (typeof key !== 'string' || key.includes('\u0000') || !Number.isInteger(id)) throw refused();
  if ((id as number) < 1 || (id as number) > MAX_ROW_ID) throw refused();
  return { key, id: id as number };
}
