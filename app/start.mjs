// `npm start`: runs the built application (`app/dist/main.cjs`, through V8's code cache of the
// previous start: see `code-cache.mjs`), building it first when it is missing or older than its
// sources, in this one process (one Node start-up, no compiler loaded when the build is fresh).
// Stack traces point into the bundle; `NODE_OPTIONS=--enable-source-maps` points them into the
// TypeScript sources, at the cost of reading the bundle's map at start.
import { BUILT_SCRIPT, buildApp, isBuildFresh } from './build.mjs';
import { runWithCodeCache } from './code-cache.mjs';

if (!isBuildFresh()) {
  const ms = await buildApp();
  console.log(`Compiled the application in ${Math.round(ms)} ms`);
}
runWithCodeCache(BUILT_SCRIPT);
