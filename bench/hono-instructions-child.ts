/**
 * The loop `hono-instructions.bench.ts` counts under cachegrind: `count` requests, one after the
 * other, to one of the in-process applications of `hono-apps.ts`, the prebuilt request with or
 * without Node's request in the environment — back to back (`hot`), or each after the
 * first-level caches were emptied (`cold`, `first-level-flush.ts`). Arguments: variant,
 * environment, caches, count.
 */
import { firstLevelFlush } from './first-level-flush.ts';
import { application, type Environment, sendRequests, VARIANTS, type Variant } from './hono-apps.ts';

const [variant, env, caches, count] = process.argv.slice(2);
if (!VARIANTS.includes(variant as Variant)) throw new Error(`unknown variant "${variant}"`);
if (env !== 'fetch' && env !== 'node') throw new Error(`unknown environment "${env}"`);
if (caches !== 'hot' && caches !== 'cold') throw new Error(`unknown caches "${caches}"`);
const before = caches === 'cold' ? firstLevelFlush() : undefined;
await sendRequests(application(variant as Variant), env as Environment, Number(count), before);
