/**
 * Configuration of the PostgreSQL relation store, as a zod schema holding the defaults (apart
 * from the memory store's, so that the engine's main entry never refers to the driver's types).
 */

import { z } from 'zod';
import type { Sql } from './postgres-driver/index.ts';
import { checkLimitsOption, clockOption, manifestOption } from './store-options.ts';

/** Options of `createPostgresRelationStore`. */
export const postgresRelationStoreSchema = z
  .object({
    manifest: manifestOption,
    clock: clockOption,
    limits: checkLimitsOption.prefault({}),
    /** A `postgres` client to use (the caller closes it); give this or `url`. */
    sql: z.custom<Sql>((v) => typeof v === 'function', { message: 'must be a postgres client' }).optional(),
    /** A connection URL (the store opens and closes its own client); give this or `sql`. */
    url: z.string().min(1).optional(),
    /** Schema holding the directory's tables (default `directory`). */
    schema: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,47}$/, 'must be a lowercase SQL identifier of at most 48 characters')
      .default('directory'),
    /**
     * What each instance holds in memory: `snapshot` (every relation, loaded at start), `on-demand`
     * (a bounded cache of what reads needed) or `auto` (`snapshot` up to `snapshotLimit` relations).
     */
    loading: z.enum(['snapshot', 'on-demand', 'auto']).default('snapshot'),
    /** Most relations an `on-demand` instance holds in memory (default 250,000). */
    cacheBudget: z.number().int().min(100).default(250_000),
    /** Largest directory `auto` loads whole (default 200,000 relations). */
    snapshotLimit: z.number().int().min(0).default(200_000),
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
