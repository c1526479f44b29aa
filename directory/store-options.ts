/**
 * Configuration of the relation stores, as zod schemas holding the defaults.
 */

import { type Clock, systemClock } from '@gatehousejs/core';
import { z } from 'zod';
import { DirectoryError } from './errors.ts';
import { type DirectoryModel, isDirectoryModel } from './model.ts';
import { optionProblems } from './option-problems.ts';

/** The resolved manifest (from `parseManifest`). */
export const manifestOption = z.custom<DirectoryModel>(isDirectoryModel, {
  message: 'must be a model returned by parseManifest',
});

/** Source of timestamps (default: the system clock). */
export const clockOption = z
  .custom<Clock>((v) => typeof (v as Clock | undefined)?.now === 'function', { message: 'must have now()' })
  .default(systemClock);

/** Bounds of each check (see `CheckLimits`). */
export const checkLimitsOption = z.object({
  /** Longest chain of nested sub-checks (default 100). */
  maxDepth: z.number().int().min(1).max(1_000).default(100),
  /** Most sub-checks one check may evaluate (default 100,000). */
  maxVisits: z.number().int().min(1).default(100_000),
});

/** Options of `createMemoryRelationStore`. */
export const memoryRelationStoreSchema = z.object({
  /** The resolved manifest (from `parseManifest`). */
  manifest: manifestOption,
  /** Source of the timestamps of objects and relations (default: the system clock). */
  clock: clockOption,
  limits: checkLimitsOption.prefault({}),
});

/** Options of `createMemoryRelationStore` as callers write them. */
export type MemoryRelationStoreOptions = z.input<typeof memoryRelationStoreSchema>;
/** Resolved options of `createMemoryRelationStore`. */
export type MemoryRelationStoreConfig = z.output<typeof memoryRelationStoreSchema>;

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
