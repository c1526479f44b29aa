/**
 * Free loopback ports for tests, so that parallel runs never collide.
 *
 * A port the kernel hands out for `listen(0)` comes from the ephemeral range (32768–60999 on
 * Linux), the same range it uses for the local end of outgoing connections: between the moment
 * such a port is found free and the moment a server binds it, a client socket of another test may
 * take it. So ports come from below that range instead, from a slice of 1,000 ports per Vitest
 * worker (workers never share a slice), starting at a random offset, each checked by binding it.
 */
import { createServer } from 'node:net';

const FIRST_PORT = 20_000;
const SLICE = 1_000;
const SLICES = 12; // 20000–31999, below the ephemeral range
const worker = Number(process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? 1);
const sliceStart = FIRST_PORT + (((Number.isFinite(worker) ? worker : 1) - 1) % SLICES) * SLICE;
let offset = Math.floor(Math.random() * SLICE);

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port on 127.0.0.1 that is free now and that no other test worker will hand out. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < SLICE; tries++) {
    const port = sliceStart + (offset++ % SLICE);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${sliceStart}–${sliceStart + SLICE - 1}`);
}
