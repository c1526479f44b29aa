/**
 * Configuration of the relation stores, as zod schemas holding the defaults.
 */
import type { Sql } from 'postgres';
import { z } from 'zod';
import { type Clock, systemClock } from '../../core/index.ts';
import { optionProblems } from '../option-problems.ts';
import { DirectoryError } from './errors.ts';
import { type DirectoryModel, isDirectoryModel } from './model.ts';

const manifest = z.custom<DirectoryModel>(isDirectoryModel, {
  message: 'must be a model returned by parseManifest',
});

const clock = z
  .custom<Clock>((v) => typeof (v as Clock | undefined)?.now === 'function', { message: 'must have now()' })
  .default(systemClock);

/** Bounds of each check (see `CheckLimits`). */
const limits = z.object({
  /** Longest chain of nested sub-checks (default 100). */
  maxDepth: z.number().int().min(1).max(1_000).default(100),
  /** Most sub-checks one check may evaluate (default 100,000). */
  maxVisits: z.number().int().min(1).default(100_000),
});

/** Options of `createMemoryRelationStore`. */
export const memoryRelationStoreSchema = z.object({
  /** The resolved manifest (from `parseManifest`). */
  manifest,
  /** Source of the timestamps of objects and relations (default: the system clock). */
  clock,
  limits: limits.prefault({}),
});

/** Options of `createMemoryRelationStore` as callers write them. */
export type MemoryRelationStoreOptions = z.input<typeof memoryRelationStoreSchema>;
/** Resolved options of `createMemoryRelationStore`. */
export type MemoryRelationStoreConfig = z.output<typeof memoryRelationStoreSchema>;

/** Options of `createPostgresRelationStore`. */
export const postgresRelationStoreSchema = z
  .object({
    manifest,
    clock,
    limits: limits.prefault({}),
    /** A `postgres` client to use (the caller closes it); give this or `url`. */
    sql: z.custom<Sql>((v) => typeof v === 'function', { message: 'must be a postgres client' }).optional(),
    /** A connection URL (the store opens and closes its own client); give this or `sql`. */
    url: z.string().min(1).optional(),
    /** Schema holding the directory's tables (default `directory`). */
    schema: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,47}$/, 'must be a lowercase SQL identifier of at most 48 characters')
      .default('directory'),
    /** Changes kept in the change log for instances catching up (default 10,000). */
    changeRetention: z.number().int().min(100).default(10_000),
  })
  .refine((o) => (o.sql === undefined) !== (o.url === undefined), {
    message: 'give exactly one of `sql` or `url`',
    path: ['sql'],
  });

/** Options of `createPostgresRelationStore` as callers write them. */
export type PostgresRelationStoreOptions = z.input<typeof postgresRelationStoreSchema>;
/** Resolved options of `createPostgresRelationStore`. */
export type PostgresRelationStoreConfig = z.output<typeof postgresRelationStoreSchema>;

/** Parses options, turning zod's issues into one `invalid_options` error naming each field. */
export function parseStoreOptions<S extends z.ZodType>(
  schema: S,
  options: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  throw new DirectoryError('invalid_options', `invalid ${what} options: ${optionProblems(result.error)}`, {
    cause: result.error,
  });
}
