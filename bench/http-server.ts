/**
 * One server variant of the HTTP benchmarks in a process of its own (`http-variants.ts`), so that
 * its CPU, heap, garbage collection and JIT state are its own: started by `http-rounds.ts` with
 * the variant's name as its argument, it listens on 127.0.0.1 and sends `{ port }` over IPC, then
 * serves until its parent disconnects. Started by hand (`node --import tsx bench/http-server.ts
 * 'fastify + authzPlugin'`, with `--cpu-prof` for a profile) it prints its port and serves until
 * SIGINT or SIGTERM, which end it cleanly (a CPU profile is written then).
 */
import { isServerVariant, SERVER_VARIANTS } from './http-variants.ts';

const name = process.argv[2] ?? '';
if (!isServerVariant(name)) {
  console.error(`unknown server variant "${name}"; one of: ${Object.keys(SERVER_VARIANTS).join(', ')}`);
  process.exit(2);
}
const server = await SERVER_VARIANTS[name]();
const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
if (process.send) {
  process.send({ port: server.port });
  process.on('disconnect', stop);
} else {
  console.log(`${name} listening on 127.0.0.1:${server.port}`);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
