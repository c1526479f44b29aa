/**
 * The resolved settings of a publication as a zod schema holding the defaults.
 * `PublishOptions` is what callers (and the command's flags, and `mkdocs.yml`) may give;
 * `PublishConfig` is the validated result.
 */
import { z } from 'zod';

/** Schema of the publication settings (camelCase keys; see `setting-names.ts` for the other spellings). */
export const publishOptionsSchema = z
  .object({
    /** Site folder with `mkdocs.yml`, the `mkdocs.yml` file itself, or a bare docs folder. */
    site: z.string().min(1).default('.'),
    hostUrl: z.string().min(1).optional(),
    space: z
      .string()
      .regex(/^[~\w.:-]+$/, 'a space key has letters, digits, ~ _ . : - only')
      .optional(),
    parentPageName: z.string().trim().min(1).max(255).optional(),
    /** Which REST API to speak: `auto` probes for v2 (Cloud), else v1 (Data Center, Server). */
    apiVersion: z.enum(['auto', 'v1', 'v2']).default('auto'),
    dryRun: z.boolean().default(false),
    exportDir: z.string().min(1).default('wiki-export'),
    timeout: z.number().positive().max(3600).default(30),
    retries: z.number().int().min(0).max(20).default(5),
    retryBaseDelay: z.number().min(0).max(600).default(0.5),
    retryMaxDelay: z.number().min(0).max(3600).default(30),
    maxRetryAfter: z.number().min(0).max(3600).default(120),
    rateLimit: z.number().min(0).max(10_000).default(10),
    concurrency: z.number().int().min(1).max(32).default(4),
    parentPollAttempts: z.number().int().min(1).max(100).default(10),
    parentPollInterval: z.number().min(0).max(60).default(1),
    allowSoftFailures: z.boolean().default(false),
    /** Update pages whose current version someone else wrote in the wiki (default: skip them with a warning). */
    overwrite: z.boolean().default(false),
    /** Fail the build (exit 6) when a page has content warnings. */
    strict: z.boolean().default(false),
    /** What happens to wiki pages below the parent page that the site no longer has. */
    onOrphan: z.enum(['report', 'archive', 'delete']).default('report'),
    /** Put Confluence's table-of-contents macro at the top of every page. */
    tocMacro: z.boolean().default(false),
    /** Leave out a page's first heading when it repeats the page title (Confluence shows the title). */
    dropTitleHeading: z.boolean().default(false),
    allowHttpLoopback: z.boolean().default(false),
  })
  .strict();

/** Settings a caller may give; everything but `site` has a default or is optional. */
export type PublishOptions = z.input<typeof publishOptionsSchema>;
/** Validated settings with defaults applied. */
export type PublishConfig = z.output<typeof publishOptionsSchema>;
