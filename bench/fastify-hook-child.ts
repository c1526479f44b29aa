/**
 * The loop `fastify-instructions.bench.ts` counts under cachegrind: one route's `onRequest` hook —
 * the plugin's, the minimal check's or one that does nothing — called `count` times on a request
 * Fastify built for a real HTTP request (Node's request inside, as a server's hook gets it), each
 * call after the first-level caches were emptied (`first-level-flush.ts`). Arguments: variant,
 * count.
 */
import type { AddressInfo } from 'node:net';
import { authzPlugin } from '@gatehousejs/fastify';
import Fastify, { type FastifyReply, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import { firstLevelFlush } from './first-level-flush.ts';
import {
  fastifyMinimalHook,
  fastifyPluginConfig,
  REQUEST_HEADERS,
  REQUEST_PATH,
  ROUTE,
} from './http-variants.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

const [variant, count] = process.argv.slice(2);
const app = Fastify();
let hook: Hook | undefined;
if (variant === 'noop' || variant === 'minimal') {
  const chosen: onRequestHookHandler =
    variant === 'noop' ? (_request, _reply, done) => done() : fastifyMinimalHook();
  app.addHook('onRequest', chosen);
  hook = chosen as Hook;
} else if (variant === 'plugin') {
  await app.register(authzPlugin, { config: fastifyPluginConfig(), excludePaths: ['/health'] });
  // After the plugin's: the route's hooks as the plugin left them, its own first.
  app.addHook('onRoute', (route) => {
    const hooks = route.onRequest as Hook | Hook[] | undefined;
    hook = Array.isArray(hooks) ? hooks[0] : hooks;
  });
} else throw new Error(`unknown variant "${variant}"`);

let served: [FastifyRequest, FastifyReply] | undefined;
app.get(ROUTE, async (request, reply) => {
  served = [request, reply];
  return { id: (request.params as { id: string }).id };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
for (let i = 0; i < 3; i++) {
  // The first fills the decision cache.
  const res = await fetch(`http://127.0.0.1:${port}${REQUEST_PATH}`, { headers: REQUEST_HEADERS });
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  await res.arrayBuffer();
}
await app.close();
if (!hook || !served) throw new Error('no hook or no request captured');
const [request, reply] = served;
const calls = Number(count);
const flush = firstLevelFlush();
let passed = 0;
const done = (error?: Error) => {
  if (error) throw error;
  passed++;
};
for (let i = 0; i < calls; i++) {
  flush();
  hook(request, reply, done);
}
if (passed !== calls) throw new Error(`the hook let ${passed} of ${calls} calls through`);
