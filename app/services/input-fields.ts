/**
 * The rules of input fields, as zod schemas shared by every entry point (the JSON API and forms):
 * names, contents, ids, e-mail addresses and share permissions. The database enforces the same
 * bounds; checking them here gives a message naming the field instead of a constraint name.
 */
import { z } from 'zod';

/** Largest document content in bytes (UTF-8), as the schema allows. */
export const MAX_CONTENT_BYTES = 1_048_576;
/** Largest row id (PostgreSQL `integer`). */
export const MAX_ROW_ID = 2_147_483_647;

const CONTROL = /\p{Cc}/u;
// In a `u` expression a valid surrogate pair is one code point: only lone halves match.
const LONE_SURROGATE = /\p{Cs}/u;

/** A document or folder name: 1–255 characters, not only blanks, no control characters. */
export const nameField = z
  .string()
  .refine((s) => [...s].length >= 1 && [...s].length <= 255, 'must be 1 to 255 characters long')
  .refine((s) => s.trim() !== '', 'must not be blank')
  .refine((s) => !CONTROL.test(s), 'must not contain control characters')
  .refine((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode text')
  .meta({ description: '1–255 characters, not blank, no control characters', example: 'Quarterly plan' });

// The search's match markers (see `MATCH_START` in the listing repository): a text holding
// them could pass its own words off as a search's matches.
const hasMatchMarker = (s: string) => s.includes('\u0002') || s.includes('\u0003');

/**
 * A document's text: at most 1 MiB as UTF-8, no NUL characters, none of the two characters that
 * mark search matches (U+0002, U+0003).
 */
export const contentField = z
  .string()
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
  .refine(
    (s) => !hasMatchMarker(s),
    'must not contain the characters U+0002 or U+0003 (they mark search matches)',
  )
  .refine((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode text')
  .refine((s) => Buffer.byteLength(s) <= MAX_CONTENT_BYTES, `must be at most ${MAX_CONTENT_BYTES} bytes`)
  .meta({ description: 'Text, at most 1 MiB (UTF-8)', example: 'Draft numbers for Q3.' });

/** The id of a document or folder. */
export const rowIdField = z.int().min(1).max(MAX_ROW_ID).meta({ example: 42 });

/**
 * An e-mail address as users are found by (case-insensitive). Control characters (NUL among them,
 * which PostgreSQL cannot store) and lone surrogates are refused here, naming the field.
 */
export const emailField = z
  .string()
  .max(320)
  .refine((s) => !CONTROL.test(s), 'must not contain control characters')
  .refine((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode text')
  .regex(/^[^@\s]+@[^@\s]+$/, 'must be an e-mail address')
  .meta({ example: 'bob@example.com' });

/** A user id (the identity provider's subject). */
export const userIdField = z
  .string()
  .min(1)
  .max(255)
  .refine((s) => !CONTROL.test(s), 'must not contain control characters')
  .refine((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode text');

/** What a share allows: `read`, or `write` (read and edit). */
export const permissionField = z.enum(['read', 'write']).meta({ example: 'read' });
