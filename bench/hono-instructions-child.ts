/**
 * The loop `hono-instructions.bench.ts` counts under cachegrind: `count` requests, one after the
 * other, to one of the in-process applications of `hono-apps.ts`, the prebuilt request with or
 * without Node's request in the environment. Arguments: variant, environment, count.
 */
import { application, type Environment, sendRequests, VARIANTS, type Variant } from './hono-apps.ts';

const [variant, env, count] = process.argv.slice(2);
if (!VARIANTS.includes(variant as Variant)) throw new Error(`unknown variant "${variant}"`);
if (env !== 'fetch' && env !== 'node') throw new Error(`unknown environment "${env}"`);
await sendRequests(application(variant as Variant), env as Environment, Number(count));
